// Issue #14, agents see their progress: a teleoperator calls a lead on the simulator (answered), tags
// the outcome and finds on /home "Ma journée" the call and the experience of today grown, then on
// /activity/gamification their first badge earned; their manager opens the same agent's progress.
// Every teleoperator account is some spec's on the shared server, so this file runs its own server.
import { expect, test, type Locator, type Page } from './fixtures.ts'
import { signIn, xsrfHeaders, pauseLeadChain } from './helpers.ts'
import { useOwnServer } from './own-server.ts'
import { firstAnsweredCallBadges } from '../factories/first-call-badges.ts'

const server = useOwnServer('gamification')
const TELEOPERATOR = { email: 'teleop1@demo.fr', option: /^Camille Lefèvre$/ }
/** At step 1 of every call process; 5 points (docs/domain.md "Demo data"). */
const NOT_INTERESTED = 'Pas intéressé'

/** The value under a figure's label in "Ma journée". */
function figure(myDay: Locator, label: string): Locator {
  return myDay
    .locator('div')
    .filter({ has: myDay.page().getByText(label, { exact: true }) })
    .locator('dd')
}

/** Tablets (spec: managers): the page never scrolls sideways (a wide table scrolls in its box). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

async function signInAs(page: Page, email: string) {
  await page.goto(`${server.origin}/login`)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
}

test('a teleoperator’s call and outcome show in "Ma journée" and earn the first badge; their manager sees it', async ({
  page,
  browser,
}) => {
  // One simulated call, answered after SIMULATOR_ANSWER_DELAY_MS (1 s in e2e: own-server.ts).
  test.setTimeout(60_000)
  await signInAs(page, TELEOPERATOR.email)
  const myDay = page.getByRole('region', { name: 'Ma journée' })
  await expect(figure(myDay, 'Appels')).toHaveText(/^0\s/)
  await expect(figure(myDay, 'XP aujourd’hui')).toHaveText('0')

  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  await expect(page.getByText(/^Étape 1 \/ \d+/)).toBeVisible()
  // Before 9:00 Paris the call also earns « Lève-tôt » (CI may run at night).
  const calledAt = new Date()
  await page.getByRole('button', { name: 'Appeler', exact: true }).click()
  const bar = page.getByRole('region', { name: 'Appel en cours' })
  await expect(bar.getByText('En communication')).toBeVisible()
  const { callId } = (await (await page.request.get(`${server.origin}/api/call/ongoing`)).json()) as {
    callId: number
  }
  const hangup = await page.request.post(`${server.origin}/api/dev/telephony/${callId}/hangup`, {
    headers: await xsrfHeaders(page),
  })
  expect(hangup.ok()).toBe(true)
  await expect(bar).toBeHidden()
  await pauseLeadChain(page)
  await page.getByRole('radio', { name: NOT_INTERESTED }).check()
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click()
  await expect(page).toHaveURL(/\/home$/)

  // The answered call (2 points) and the outcome (5 points).
  await expect(figure(myDay, 'Appels')).toHaveText('1 dont 1 décroché')
  await expect(figure(myDay, 'XP aujourd’hui')).toHaveText('+7')

  await myDay.getByRole('link', { name: 'Voir toute ma progression' }).click()
  await expect(page).toHaveURL(/\/activity\/gamification$/)
  await expect(page.getByRole('heading', { name: 'Ma progression' })).toBeVisible()
  const badges = page.getByRole('region', { name: 'Badges' })
  const firstContact = badges.getByRole('listitem').filter({ hasText: 'Premier contact' })
  await expect(firstContact.getByText(/^Obtenu le \d{1,2}(er)? \S+ \d{4}$/)).toBeVisible()
  await expect(
    badges.getByRole('listitem').filter({ hasText: 'Centurion' }).getByText('Verrouillé'),
  ).toBeVisible()

  // The manager of the teleoperator's team chooses them on the same screen, from a tablet.
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 } })
  try {
    const manager = await context.newPage()
    await signInAs(manager, 'manager@demo.fr')
    await manager.goto(`${server.origin}/activity/gamification`)
    const agent = manager.getByRole('combobox', { name: 'Agent' })
    const option = agent.getByRole('option', { name: TELEOPERATOR.option })
    await expect(option).toHaveCount(1)
    await agent.selectOption({ label: (await option.textContent()) ?? '' })
    await expect(manager).toHaveURL(/\/activity\/gamification\?user=\d+$/)
    await expect(manager.getByRole('heading', { name: 'Progression de Camille Lefèvre' })).toBeVisible()
    await expect(
      manager
        .getByRole('region', { name: 'Badges' })
        .getByRole('listitem')
        .filter({ hasText: 'Premier contact' })
        .getByText(/^Obtenu le /),
    ).toBeVisible()
    await expectNoHorizontalOverflow(manager)

    // Their team: its members by experience, the teleoperator with their badge.
    await manager.getByRole('combobox', { name: 'Équipe' }).selectOption({ label: 'Équipe Lyon' })
    await expect(manager).toHaveURL(/\/activity\/gamification\?team=\d+$/)
    const team = manager.getByRole('table', { name: /de l’équipe Lyon,/ })
    await expect(
      team
        .getByRole('row', { name: /Camille Lefèvre/ })
        .getByRole('cell')
        .nth(2),
    ).toHaveText(`${firstAnsweredCallBadges(calledAt).length} / 6`)
    await expectNoHorizontalOverflow(manager)
  } finally {
    await context.close()
  }
})
