// Issue #14 "Activity for managers": on a 1024×768 tablet, a manager's overview shows a teleoperator's
// call live — the teleoperator calls from another browser, the manager's page never reloads — and the
// teleoperator statistics show the day's call once it is tagged. Its own server (own-server.ts): the
// teleoperator's figures of the day are this file's alone, whatever the other specs do meanwhile.
import { expect, test, type Browser, type Page } from './fixtures.ts'
import { signIn, pauseLeadChain } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const TABLET = { width: 1024, height: 768 }
const TELEOPERATOR = { email: 'teleop1@demo.fr', name: 'Camille Lefèvre' }
const MANAGER = 'manager@demo.fr'
/** Offered at step 1 of every call process; ends the processing (docs/domain.md "Demo data"). */
const OUTCOME = 'Faux numéro'

const server = useOwnServer('activity')

async function signedInPage(browser: Browser, email: string, viewport = TABLET): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.origin, viewport })
  const page = await context.newPage()
  await page.goto('/login')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
  return page
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The outermost elements past the right edge, to name the culprit when the check fails.
    widest: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => (element.parentElement?.getBoundingClientRect().right ?? 0) <= window.innerWidth)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide: ${widest.join(', ')}`).toBeLessThanOrEqual(
    innerWidth,
  )
}

/** The teleoperator's figures of today, as the statistics endpoint gives them to the manager. */
async function todayOf(manager: Page, userId: number) {
  const response = await manager.request.get(`/api/activity/stats?period=today&userId=${userId}`)
  expect(response.ok(), await response.text()).toBe(true)
  const body = (await response.json()) as {
    rows: { current: { callsMade: number; tagsByOutcome: Record<string, number> } }[]
    tags: { id: number; label: string }[]
  }
  return body.rows[0]!.current
}

test('a manager follows a teleoperator’s call live, then finds it in the statistics', async ({ browser }) => {
  test.setTimeout(90_000)
  const manager = await signedInPage(browser, MANAGER)
  const teleoperator = await signedInPage(browser, TELEOPERATOR.email, { width: 1280, height: 800 })
  const me = (await (await teleoperator.request.get('/api/user/me')).json()) as { id: number }
  const before = await todayOf(manager, me.id)

  await manager.goto('/activity')
  await expect(manager.getByRole('heading', { level: 1, name: 'Activité' })).toBeVisible()
  const card = manager.getByRole('listitem').filter({ hasText: TELEOPERATOR.name })
  await expect(card).toBeVisible()
  await expect(card).not.toContainText('En appel')
  await expectNoHorizontalOverflow(manager)
  // Set on this document only: still there at the end means the page was never reloaded.
  await manager.evaluate(() => Object.assign(window, { activityE2eMarker: 'same-page' }))

  // The teleoperator takes a lead and calls it; the simulator answers.
  await teleoperator.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(teleoperator).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  // The sheet is on screen (the URL changes first): its heading is the lead's name, not « Accueil ».
  await expect(teleoperator.getByText(/^Étape 1 \/ \d+/)).toBeVisible()
  const leadName = await teleoperator.getByRole('heading', { level: 1 }).innerText()
  await teleoperator.getByRole('button', { name: 'Appeler', exact: true }).click()
  const bar = teleoperator.getByRole('region', { name: 'Appel en cours' })
  await expect(bar.getByText('En communication')).toBeVisible()

  // The manager's overview shows it without a reload: on a call, with the lead, for how long.
  await expect(card).toContainText('En appel')
  await expect(card.getByRole('link', { name: `Ouvrir la fiche de ${leadName}` })).toBeVisible()
  await expect(card).toContainText('en communication depuis')
  await expectNoHorizontalOverflow(manager)

  // The teleoperator ends the call and records its outcome.
  await bar.getByRole('button', { name: 'Terminer l’appel' }).click()
  await expect(bar).toBeHidden()
  await pauseLeadChain(teleoperator)
  await teleoperator.getByRole('radio', { name: OUTCOME }).check()
  await teleoperator.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(teleoperator).toHaveURL(/\/home$/)
  await expect(card).not.toContainText('En appel')
  expect(await manager.evaluate(() => (window as { activityE2eMarker?: string }).activityE2eMarker)).toBe(
    'same-page',
  )

  // The statistics of today: one more call made, one more "Faux numéro", in the agent's row.
  await manager.goto(`/activity/stats-teleops?agent=${me.id}`)
  const table = manager.getByRole('table', { name: 'Statistiques par agent' })
  await expect(table).toBeVisible()
  // Five figures by default (issue #31 point 4): the outcome's column is ticked in « Colonnes affichées ».
  await manager.getByText(/^Colonnes affichées \(/).click()
  // A tick is a navigation: the box shows ticked once it lands (check() verifies at once).
  const outcomeColumn = manager.getByRole('checkbox', { name: OUTCOME })
  await outcomeColumn.click()
  await expect(outcomeColumn).toBeChecked()
  await expect(manager).toHaveURL(/cols=/)
  await expect(table.getByRole('columnheader', { name: new RegExp(OUTCOME) })).toBeVisible()
  const headers = await table.getByRole('columnheader').allInnerTexts()
  const column = (label: string) =>
    headers.findIndex((text) => text.replace(/[▲▼]/g, '').trim() === label) - 1
  const row = table.getByRole('row').filter({ hasText: TELEOPERATOR.name })
  const made = row.getByRole('cell').nth(column('Appels émis'))
  await expect(made).toHaveText(new RegExp(`^${before.callsMade + 1}(\\D|$)`))
  expect(column(OUTCOME)).toBeGreaterThan(0)
  const after = await todayOf(manager, me.id)
  const outcomeId = Object.keys(after.tagsByOutcome).find(
    (id) => (after.tagsByOutcome[id] ?? 0) > (before.tagsByOutcome[id] ?? 0),
  )
  expect(outcomeId).toBeDefined()
  await expect(row.getByRole('cell').nth(column(OUTCOME))).toHaveText(
    new RegExp(`^${after.tagsByOutcome[outcomeId!]}(\\D|$)`),
  )
  await expectNoHorizontalOverflow(manager)
  await expect(manager.getByRole('button', { name: 'Exporter en CSV' })).toBeVisible()

  // A tablet held upright: both screens still fit (the table scrolls in its own box).
  await manager.setViewportSize({ width: 768, height: 1024 })
  await expect(manager.getByRole('figure').first()).toBeVisible()
  await expectNoHorizontalOverflow(manager)
  await manager.goto('/activity')
  await expect(card).toBeVisible()
  await expectNoHorizontalOverflow(manager)
})
