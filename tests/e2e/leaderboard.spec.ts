// The live leaderboard on a wall screen (issue #14): an administrator creates a display link (API), a
// browser with nobody signed in opens it; a teleoperator books an appointment and the screen shows it,
// with the badge earned, without a reload; then the screen outlives a server restart by itself.
// It restarts the server and needs a first appointment (badge `premier-rdv`), so it runs its own,
// kept across the restart (display links live in the database). teleop1 is used here only.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Browser, type Page } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

let port = 0
let dataDir = ''
let origin = ''
let current: OwnServer | null = null
/** The wall screen's address, created in the first test. */
let displayUrl = ''

type Tag = { id: number; label: string; nextStep: number | null }
type LeadData = {
  id: number
  step: number
  maxStep: number
  market: { mission: { callProcess: { callProcessSteps: { number: number; callProcessTags: Tag[] }[] } } }
}

async function startServer(): Promise<void> {
  current = await startOwnServer({ port, dataDir })
}

async function stopServer(): Promise<void> {
  const server = current
  current = null
  await stopOwnServer(server)
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  port = await freePort()
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-leaderboard-'))
  origin = `http://localhost:${port}`
  await startServer()
})

test.afterAll(async () => {
  await stopServer()
  rmSync(dataDir, { recursive: true, force: true })
})

async function xsrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies(origin)).find((one) => one.name === 'XSRF-TOKEN')
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') }
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${origin}/login`)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
  return page
}

/** Setup through the API: the outcomes that take the lead to its last step ("RDV pris" is there). */
async function advanceToLastStep(page: Page, uuid: string): Promise<void> {
  for (;;) {
    const lead = (await (await page.request.get(`${origin}/api/lead/${uuid}`)).json()) as LeadData
    if (lead.step >= lead.maxStep) return
    const step = lead.market.mission.callProcess.callProcessSteps.find((s) => s.number === lead.step)
    const next = step?.callProcessTags.find((tag) => tag.nextStep === lead.step + 1)
    if (!next) throw new Error(`no outcome moves lead ${uuid} on from step ${lead.step}`)
    const response = await page.request.post(`${origin}/api/calls/tag`, {
      headers: await xsrf(page),
      data: { leadId: lead.id, callId: null, callProcessTagId: next.id, details: {}, comment: null },
    })
    expect(response.ok(), await response.text()).toBe(true)
  }
}

test('a booking shows on the wall screen opened by a display link, with its badge, without a reload', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const admin = await signedIn(browser, 'admin@demo.fr')
  const created = await admin.request.post(`${origin}/api/display-links`, {
    headers: await xsrf(admin),
    data: { name: 'Écran du plateau' },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { token } = (await created.json()) as { token: string }
  displayUrl = `${origin}/display/${token}`

  // The teleoperator takes a lead, calls, hangs up and brings it to its last step.
  const teleop = await signedIn(browser, 'teleop1@demo.fr')
  const me = (await (await teleop.request.get(`${origin}/api/user/me`)).json()) as {
    firstName: string
    lastName: string
  }
  const shortName = `${me.firstName} ${me.lastName.charAt(0).toUpperCase()}.`
  await teleop.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(teleop).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = new URL(teleop.url()).pathname.split('/').pop()!
  await teleop.getByRole('button', { name: 'Appeler', exact: true }).click()
  let callId: number | null = null
  await expect
    .poll(async () => {
      const ongoing = (await (await teleop.request.get(`${origin}/api/call/ongoing`)).json()) as {
        callId: number | null
      }
      return (callId = ongoing.callId)
    })
    .not.toBeNull()
  const hangup = await teleop.request.post(`${origin}/api/dev/telephony/${callId}/hangup`, {
    headers: await xsrf(teleop),
  })
  expect(hangup.ok()).toBe(true)
  await advanceToLastStep(teleop, uuid)

  // The wall screen: another browser, nobody signed in.
  const screenContext = await browser.newContext()
  const wall = await screenContext.newPage()
  await wall.goto(displayUrl)
  await expect(wall.getByRole('heading', { level: 1, name: 'Classement' })).toBeVisible()
  const row = wall.getByRole('listitem').filter({ hasText: shortName })
  await expect(row).toBeVisible()
  await expect(row).not.toContainText('Premier rendez-vous')
  await expect(row).toContainText('0 RDV')
  // Set on this document only: still there at the end means the page was never reloaded.
  await wall.evaluate(() => Object.assign(window, { leaderboardE2eMarker: 'same-page' }))

  // The booking: "RDV pris", then the first slot.
  await teleop.reload()
  await teleop.getByRole('radio', { name: 'RDV pris' }).check()
  // Issue #29 point 3: « RDV pris » is recorded with the booking.
  await teleop.getByRole('button', { name: 'Choisir le créneau' }).click()
  await expect(teleop).toHaveURL(new RegExp(`/lead/${uuid}/appointment$`))
  const firstDay = teleop
    .getByRole('group')
    .filter({ has: teleop.getByRole('radio') })
    .first()
  await firstDay.getByRole('radio').first().check()
  await teleop.keyboard.press('Enter')
  // Then the next lead, as after any outcome (issue #29 point 4), or home when none is left.
  await expect(teleop).toHaveURL(/\/(home|lead\/[0-9a-f-]{36})$/)

  // Live, within the expect timeout: one appointment, the badge of the first one on the row.
  await expect(row).toContainText('1 RDV')
  await expect(row).toContainText('Premier rendez-vous')
  await expect(row.getByText('Nouveau badge')).toBeVisible()
  expect(await row.getAttribute('data-rank')).toBe('1')
  expect(
    await wall.evaluate(() => (window as unknown as { leaderboardE2eMarker?: string }).leaderboardE2eMarker),
  ).toBe('same-page')
  // The display link reads the leaderboard and nothing else.
  expect((await wall.request.get(`${origin}/api/user/me`)).status()).toBe(401)
  await screenContext.close()
})

test('the wall screen outlives a server restart and stays live, without a reload', async ({ browser }) => {
  // Reconnection attempts come 2, 4, 6, 8 and 10 s apart, plus the restart itself.
  test.setTimeout(120_000)
  expect(displayUrl, 'the first test creates the display link').not.toBe('')
  const wall = await (await browser.newContext()).newPage()
  // What every socket of the page receives, the one opened after the restart included.
  const frames: string[] = []
  wall.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))))
  await wall.goto(displayUrl)
  await expect(wall.getByRole('listitem').first()).toBeVisible()
  await wall.evaluate(() => Object.assign(window, { leaderboardE2eMarker: 'same-page' }))

  await stopServer()
  await expect(wall.getByText('Connexion temps réel perdue : reconnexion…')).toBeVisible()
  await startServer()
  await expect(wall.getByText(/^Connexion temps réel/)).toHaveCount(0, { timeout: 45_000 })

  // A signal after the restart reaches the new socket, and the board is read with the display cookie.
  const admin = await signedIn(browser, 'admin@demo.fr')
  const signals = () => frames.filter((frame) => frame.includes('"event":"leaderboard"')).length
  const before = signals()
  const refetched = wall.waitForResponse(
    (response) => response.url().includes('/api/leaderboard') && response.status() === 200,
  )
  const published = await admin.request.post(`${origin}/api/dev/live/publish`, {
    headers: await xsrf(admin),
    data: { channel: 'leaderboard', data: { at: new Date().toISOString() } },
  })
  expect(published.status()).toBe(200)
  await expect.poll(signals).toBe(before + 1)
  await refetched
  await expect(wall.getByRole('listitem').first()).toBeVisible()
  expect(
    await wall.evaluate(() => (window as unknown as { leaderboardE2eMarker?: string }).leaderboardE2eMarker),
  ).toBe('same-page')
})

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`the leaderboard and the display links fit a ${viewport.width}×${viewport.height} tablet`, async ({
    browser,
  }) => {
    expect(displayUrl, 'the first test creates the display link').not.toBe('')
    const wall = await (await browser.newContext({ viewport })).newPage()
    await wall.goto(displayUrl)
    await expect(wall.getByRole('listitem').first()).toBeVisible()
    await expectNoHorizontalOverflow(wall)
    const admin = await (await browser.newContext({ viewport })).newPage()
    await admin.goto(`${origin}/login`)
    await signIn(admin, 'admin@demo.fr')
    await expect(admin).toHaveURL(/\/home$/)
    await admin.goto(`${origin}/activity/leaderboard`)
    await expect(admin.getByRole('listitem').first()).toBeVisible()
    await expectNoHorizontalOverflow(admin)
    await admin.goto(`${origin}/backoffice/display-links`)
    await expect(admin.getByRole('rowheader', { name: 'Écran du plateau' })).toBeVisible()
    await expectNoHorizontalOverflow(admin)
  })
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide`).toBeLessThanOrEqual(innerWidth)
}
