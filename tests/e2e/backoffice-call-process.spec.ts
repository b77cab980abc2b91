// Issue #12 "Call processes", on the production build: an administrator creates a three-step call
// process with its outcomes, reorders its steps by keyboard (move buttons and the drag handle), saves,
// reloads and finds it as saved. The process's name is unique to this run and no mission uses it,
// so no other spec sees it; it is archived at the end.
import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from './fixtures.ts'
import { signInFromLogin } from './helpers.ts'

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

function step(page: Page, number: number) {
  return page.getByRole('listitem', { name: new RegExp(`^Étape ${number}\\b`) })
}

function stepHeadings(page: Page) {
  return page.getByRole('region', { name: 'Étapes' }).getByRole('heading', { level: 3 })
}

test('an administrator creates, reorders and saves a three-step call process', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const name = `Call process E2E ${randomUUID().slice(0, 8)}`
  await signInFromLogin(page, 'admin@demo.fr')
  await page.goto('/backoffice/call-process')
  await expect(page.getByRole('heading', { level: 1, name: 'Process d’appel' })).toBeVisible()
  await page.getByRole('link', { name: 'Nouveau process d’appel' }).click()
  await expect(page).toHaveURL(/\/backoffice\/call-process\/nouveau$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau process d’appel' })).toBeVisible()

  await page.getByLabel('Nom du process d’appel').fill(name)
  const steps = [
    {
      title: 'Accueil',
      script: 'Bonjour [prénom], ici [votre prénom].',
      tag: 'Intéressé – proposer un rendez-vous',
    },
    { title: 'Qualification', script: 'Vous habitez bien à [ville] ?', tag: 'Pas intéressé' },
    { title: 'Rendez-vous', script: 'Quand êtes-vous disponible ?', tag: 'RDV pris' },
  ]
  for (const [index, { title, script, tag }] of steps.entries()) {
    await page.getByRole('button', { name: 'Ajouter une étape' }).click()
    const added = step(page, index + 1)
    await expect(added.getByLabel('Titre de l’étape')).toBeFocused()
    await page.keyboard.type(title)
    await added.getByLabel('Script lu par le téléopérateur').fill(script)
    await added.getByLabel('Tag').selectOption({ label: tag })
  }
  // Step 1's positive answer goes on to step 2; the preview reads as the agent will see it.
  await step(page, 1).getByLabel('Étape suivante').selectOption({ label: 'Étape 2 – Qualification' })
  await expect(step(page, 1).getByRole('region', { name: 'Aperçu pour le téléopérateur' })).toContainText(
    'Bonjour Jeanne, ici Camille.',
  )
  await page.getByRole('button', { name: 'Créer le process d’appel' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page).toHaveURL(/\/backoffice\/call-process\/\d+$/)

  // Reorder by keyboard: "Descendre" keeps the focus on the moved step, then the drag handle.
  await page.getByRole('button', { name: 'Descendre l’étape 1' }).focus()
  await page.keyboard.press('Enter')
  await expect(stepHeadings(page)).toHaveText([
    'Étape 1 – Qualification',
    'Étape 2 – Accueil',
    'Étape 3 – Rendez-vous',
  ])
  await expect(page.getByRole('button', { name: 'Descendre l’étape 2' })).toBeFocused()
  // "Accueil" still leads to "Qualification", now step 1.
  await expect(step(page, 2).getByLabel('Étape suivante')).toHaveValue('1')
  await page.getByRole('button', { name: 'Déplacer l’étape 2' }).focus()
  // dnd-kit's keyboard sensor: each step is announced (French live region) before the next key.
  await page.keyboard.press('Space')
  await expect(page.getByText('Étape 2 : position 2.')).toBeAttached()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByText('Étape 2 : position 1.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(page.getByText('Étape 2 déposée en position 1.')).toBeAttached()
  await expect(stepHeadings(page)).toHaveText([
    'Étape 1 – Accueil',
    'Étape 2 – Qualification',
    'Étape 3 – Rendez-vous',
  ])
  await page.getByRole('button', { name: 'Descendre l’étape 2' }).click()
  await expect(stepHeadings(page)).toHaveText([
    'Étape 1 – Accueil',
    'Étape 2 – Rendez-vous',
    'Étape 3 – Qualification',
  ])
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Process d’appel enregistré.')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(stepHeadings(page)).toHaveText([
    'Étape 1 – Accueil',
    'Étape 2 – Rendez-vous',
    'Étape 3 – Qualification',
  ])
  await expect(step(page, 1).getByLabel('Étape suivante')).toHaveValue('3')
  await expect(step(page, 1).getByLabel('Tag')).toHaveValue(/\d+/)
  await expect(step(page, 3).getByLabel('Script lu par le téléopérateur')).toHaveValue(
    'Vous habitez bien à [ville] ?',
  )
  const history = page.getByRole('region', { name: 'Historique des modifications' })
  await expect(history.getByRole('listitem')).toHaveCount(2)
  // A tablet's width holds the editor without sideways scrolling.
  await expectNoHorizontalOverflow(page)

  // Listed, then archived after a confirmation.
  await page.getByRole('link', { name: 'Retour à la liste des process d’appel' }).click()
  await page.getByLabel('Rechercher un process d’appel').fill(name)
  await expect(page).toHaveURL(/q=Call\+process\+E2E/)
  await page.getByRole('button', { name: `Archiver ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Archiver le process d’appel ?' })
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Archiver' }).click()
  await expect(page.getByText('Process d’appel archivé.')).toBeVisible()
})

test('a teleoperator gets the 403 behaviour on the call-process screens and API', async ({ page }) => {
  await signInFromLogin(page, 'teleop7@demo.fr')
  await page.goto('/backoffice/call-process/nouveau')
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible()
  const response = await page.request.get('/api/call-processes')
  expect(response.status()).toBe(403)
})
