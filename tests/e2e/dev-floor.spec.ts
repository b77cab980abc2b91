// Issue #15 "Developer pages", on the production build: an administrator starts the simulated floor
// from /dev/call-center-activity (a few virtual teleoperators, ×20), sees them work and the counters
// climb, the leaderboard (/activity/leaderboard) and /dev/monitor move, then stops it: every agent
// is stopped and nothing runs; then resets calls and leads from /dev/uat-settings. Tablet widths
// scroll no page sideways. The floor changes the demo
// data, so this file runs a server of its own.
import { expect, test, type Page } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { useOwnServer } from './own-server.ts'

const server = useOwnServer('dev-floor', { SIMULATOR_ANSWER_DELAY_MS: '1000' })

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

function counter(page: Page, key: string) {
  return page.locator(`[data-counter="${key}"]`)
}

async function figure(page: Page, label: string) {
  return (
    (await page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent()) ?? ''
  )
}

test('the simulated floor fills the leaderboard and the monitor, and stops clean', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(`${server.origin}/login`)
  await signIn(page, 'admin@demo.fr')
  await expect(page).toHaveURL(/\/home$/)

  // The leaderboard as it stands before the floor.
  const board = await context.newPage()
  await board.setViewportSize({ width: 1024, height: 768 })
  await board.goto(`${server.origin}/activity/leaderboard`)
  await expect(board.getByRole('heading', { level: 1, name: 'Classement' })).toBeVisible()
  const boardBefore = await board.locator('main').innerText()

  await page.goto(`${server.origin}/dev/call-center-activity`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Activité simulée du centre d’appels' }),
  ).toBeVisible()
  await expect(page.getByText('Aucune simulation en cours.')).toBeVisible()
  for (const name of ['Camille Lefèvre', 'Thomas Girard', 'Léa Bonnet', 'Hugo Fontaine'])
    await page.getByRole('checkbox', { name }).check()
  await page.getByRole('combobox', { name: 'Vitesse' }).selectOption('×20')
  await expect(page.getByText('4 téléopérateurs choisis')).toBeVisible()
  await noSidewaysScroll(page)
  await page.getByRole('button', { name: 'Démarrer' }).click()

  await expect(page.getByText(/^Simulation en cours à ×20/)).toBeVisible()
  const agents = page.getByRole('table')
  await expect(agents.getByRole('row')).toHaveCount(5)
  // Calls, then outcomes, made by the virtual agents.
  await expect
    .poll(async () => Number(await counter(page, 'calls').textContent()), { timeout: 60_000 })
    .toBeGreaterThan(2)
  await expect
    .poll(async () => Number(await counter(page, 'tags').textContent()), { timeout: 90_000 })
    .toBeGreaterThan(1)

  // Tablet sizes: the page and its table fit.
  await page.setViewportSize({ width: 768, height: 1024 })
  await noSidewaysScroll(page)
  await page.setViewportSize({ width: 1024, height: 768 })

  // The leaderboard moved.
  await expect.poll(() => board.locator('main').innerText(), { timeout: 60_000 }).not.toBe(boardBefore)

  // The monitor: the bus carries the floor's signals (a rate once two readings are in).
  const monitor = await context.newPage()
  await monitor.goto(`${server.origin}/dev/monitor`)
  await expect(monitor.getByRole('heading', { level: 1, name: 'Supervision' })).toBeVisible()
  await expect
    .poll(async () => figure(monitor, 'Messages du bus publiés par seconde'), { timeout: 30_000 })
    .not.toMatch(/^(—|0)$/)

  // Stop: no agent left at work.
  await page.getByRole('button', { name: 'Arrêter' }).click()
  await expect(page.getByText('Aucune simulation en cours.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('table')).toHaveCount(0)
  const ongoing = await page.request.get(`${server.origin}/api/dev/call-center-activity`)
  expect((await ongoing.json()).running).toBe(false)

  // /dev/uat-settings at a tablet's width: the environment, then calls and leads back to the demo
  // state after the confirmation.
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.goto(`${server.origin}/dev/uat-settings`)
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres UAT' })).toBeVisible()
  await expect(page.getByText('PGlite (intégrée)')).toBeVisible()
  await noSidewaysScroll(page)
  await page.getByRole('button', { name: 'Réinitialiser appels et leads' }).click()
  const dialog = page.getByRole('dialog', { name: 'Réinitialiser les appels et les leads ?' })
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Réinitialiser', exact: true }).click()
  await expect(page.getByText('Données réinitialisées : 2400 leads de démonstration.')).toBeVisible({
    timeout: 60_000,
  })
})
