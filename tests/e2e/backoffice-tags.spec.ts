// Issue #12 "Tags", on the production build: an administrator creates a tag, renames a tag the
// teleoperator's lead offers (the sheet shows the new label after a reload) and retires the new tag
// after confirming. Renaming a demo tag would surprise the other specs of the shared server, so this
// file runs a server of its own.
import { expect, test, type Page } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

type LeadData = {
  step: number
  market: {
    mission: { callProcess: { callProcessSteps: { number: number; callProcessTags: { label: string }[] }[] } }
  }
}

const server = useOwnServer('tags')

async function signInAs(page: Page, email: string) {
  await page.goto(`${server.origin}/login`)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
}

test('an administrator creates, renames and retires tags; the agent sees the new label', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage()
  const agent = await (await browser.newContext()).newPage()
  await admin.setViewportSize({ width: 1024, height: 768 })
  await signInAs(admin, 'admin@demo.fr')
  await signInAs(agent, 'teleop1@demo.fr')

  // The agent takes a lead: its sheet offers the outcomes of its step.
  await agent.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(agent).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = new URL(agent.url()).pathname.split('/')[2]!
  const lead = (await (await agent.request.get(`${server.origin}/api/lead/${uuid}`)).json()) as LeadData
  const offered = lead.market.mission.callProcess.callProcessSteps.find((step) => step.number === lead.step)!
  const label = offered.callProcessTags[0]!.label
  await expect(agent.getByRole('radio', { name: label })).toBeVisible()

  // A new tag: the form validates in French, then the tag's panel opens.
  await admin.goto(`${server.origin}/backoffice/tags`)
  await expect(admin.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible()
  await admin.getByRole('button', { name: 'Nouveau tag' }).click()
  const create = admin.getByRole('region', { name: 'Nouveau tag' })
  await create.getByRole('button', { name: 'Créer le tag' }).click()
  await expect(create.getByText('Le libellé du tag est obligatoire.')).toBeVisible()
  await create.getByLabel('Libellé').fill('Relance e2e')
  await create.getByLabel('Délai de rappel').fill('2')
  await create.getByLabel('Unité du délai').selectOption('hours')
  // Issue #31: a new tag changes no status and ends no processing, and says so in words.
  await expect(create.getByLabel('Statut que prend le lead')).toHaveValue('')
  await expect(create.getByLabel('Termine le traitement (le lead est libéré)')).not.toBeChecked()
  const summary = create.getByRole('region', { name: 'Ce que fera ce tag' })
  await expect(summary).toContainText('Le lead garde son statut actuel.')
  await expect(summary).toContainText('Le lead est à rappeler 2 heures plus tard.')
  await create.getByRole('button', { name: 'Créer le tag' }).click()
  const created = admin.getByRole('region', { name: 'Relance e2e' })
  await expect(created).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Ouvrir le tag Relance e2e' })).toBeVisible()

  // Renaming the tag the agent's step offers.
  await admin.getByLabel('Rechercher un tag').fill(label)
  await admin.getByRole('button', { name: `Ouvrir le tag ${label}` }).click()
  const panel = admin.getByRole('region', { name: label })
  const renamed = `${label} (modifié)`
  await panel.getByLabel('Libellé').fill(renamed)
  await panel.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(admin.getByRole('region', { name: renamed })).toBeVisible()
  await expect(admin.getByRole('region', { name: renamed }).getByLabel('Libellé')).toBeFocused()

  await agent.reload()
  await expect(agent.getByRole('radio', { name: renamed })).toBeVisible()

  // Retiring the new tag asks first; the history tells what happened.
  await admin.getByLabel('Rechercher un tag').fill('Relance e2e')
  await admin.getByRole('button', { name: 'Ouvrir le tag Relance e2e' }).click()
  const tag = admin.getByRole('region', { name: 'Relance e2e' })
  await tag.getByRole('button', { name: 'Retirer le tag' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Retirer le tag ?' })
  await dialog.getByRole('button', { name: 'Retirer' }).click()
  await expect(tag.getByText(/Ce tag est retiré/)).toBeVisible()
  await expect(tag.getByText('Retrait')).toBeVisible()
  const { scrollWidth, innerWidth } = await admin.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
})
