// Push alerts in Chromium (issue #5 "Tests"): the real build, its service worker and the real server.
// - A push delivered with the DevTools protocol (ServiceWorker.deliverPushMessage; a real push
//   service is out of reach here) shows the notification while no window of the app is focused.
// - With the page's visibility forced to hidden by an init script (headless Chromium keeps every tab
//   visible and CDP cannot override it), a simulated inbound call and a badge awarded through the dev endpoint each show
//   their notification exactly once, raised by the live channel's hidden-tab bridge.
// - The notification-click logic opens the call's lead sheet: called as a function inside the worker
//   (a synthetic notificationclick cannot use waitUntil), the page's router navigates.
// It runs its own server (own port, data directory and demo accounts) and a persistent context
// (incognito contexts have no push, and installability and notifications want a real profile).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  chromium,
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from './fixtures.ts'
import { CHROMIUM_ARGS } from '../../playwright.config.ts'
import { DEMO_PASSWORD, settleUser, signIn, xsrfHeaders } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

type Shown = { title: string; body: string; tag: string; url: string | undefined }
declare global {
  /** Defined by the init script: sets what `document.visibilityState` answers. */
  var __setVisibility: (state: 'visible' | 'hidden') => void
  /** showNotification calls per tag, counted by the init script. */
  var __shownTags: Record<string, number>
  /**
   * getNotifications calls per tag whose caller has since decided (the bridge shows the alert or not
   * as soon as it has the list), counted by the init script.
   */
  var __checkedTags: Record<string, number>
  /** The unwrapped getNotifications, for the test's own reads (not counted). */
  var __listNotifications: (
    registration: ServiceWorkerRegistration,
    filter: GetNotificationOptions,
  ) => Promise<Notification[]>
}

// These tests are about the service worker: it runs here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

let origin = ''
let dataDir = ''
let profileDir = ''
let server: OwnServer | null = null
let context: BrowserContext

/** Makes `document.visibilityState` controllable, and counts showNotification calls per tag. */
function pageInstrumentation() {
  let visibility: 'visible' | 'hidden' = 'visible'
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => visibility })
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true,
    get: () => visibility === 'hidden',
  })
  window.__setVisibility = (state) => {
    visibility = state
    document.dispatchEvent(new Event('visibilitychange'))
  }
  window.__shownTags = {}
  const show = ServiceWorkerRegistration.prototype.showNotification
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    const tag = options?.tag ?? ''
    window.__shownTags[tag] = (window.__shownTags[tag] ?? 0) + 1
    return show.call(this, title, options)
  }
  window.__checkedTags = {}
  const list = ServiceWorkerRegistration.prototype.getNotifications
  window.__listNotifications = (registration, filter) => list.call(registration, filter)
  ServiceWorkerRegistration.prototype.getNotifications = function (filter) {
    const tag = filter?.tag ?? ''
    return list.call(this, filter).then((shown) => {
      // The caller's decision runs in the microtasks that follow; this task comes after them.
      setTimeout(() => {
        window.__checkedTags[tag] = (window.__checkedTags[tag] ?? 0) + 1
      }, 0)
      return shown
    })
  }
}

/** The live frames a page receives, from its creation on (every socket it opens). */
const liveFrames = new WeakMap<Page, { event: string; data: Record<string, unknown> }[]>()

function watchLiveFrames(page: Page): void {
  const frames: { event: string; data: Record<string, unknown> }[] = []
  liveFrames.set(page, frames)
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return
      try {
        const frame = JSON.parse(payload) as { event?: unknown; data?: unknown }
        if (typeof frame.event === 'string' && typeof frame.data === 'object' && frame.data !== null)
          frames.push({ event: frame.event, data: frame.data as Record<string, unknown> })
      } catch {
        // Not one of the server's frames.
      }
    }),
  )
}

/** How many live frames `page` received for which `match` holds. */
function framesReceived(
  page: Page,
  match: (event: string, data: Record<string, unknown>) => boolean,
): number {
  return (liveFrames.get(page) ?? []).filter(({ event, data }) => match(event, data)).length
}

/** How many times the page looked for a shown notification of `tag` and decided. */
function checked(page: Page, tag: string): Promise<number> {
  return page.evaluate((t) => window.__checkedTags[t] ?? 0, tag)
}

async function notifications(page: Page, tag: string): Promise<Shown[]> {
  return page.evaluate(async (wanted) => {
    const registration = await navigator.serviceWorker.ready
    return (await window.__listNotifications(registration, { tag: wanted })).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }))
  }, tag)
}

/** A signed-in page of the app, its service worker active and the live channel connected. */
async function signedInPage(email: string): Promise<Page> {
  const page = await context.newPage()
  watchLiveFrames(page)
  await page.goto(`${origin}/login`)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Connecté')
  return page
}

/** The app's service worker, as the browser runs it now. */
function appWorker() {
  const [worker] = context.serviceWorkers().filter((w) => w.url().startsWith(origin))
  expect(worker).toBeDefined()
  return worker!
}

/** Pushes the app's service worker has handled since it started (src/sw/sw.ts). */
function pushesHandled(): Promise<number> {
  return appWorker().evaluate(() =>
    (self as unknown as { __alerts: { pushesHandled: () => number } }).__alerts.pushesHandled(),
  )
}

async function apiAs(email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: origin })
  await api.get('/api/user/me')
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? ''
  const login = await api.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: { email, password: DEMO_PASSWORD },
  })
  expect(login.ok()).toBe(true)
  return api
}

async function apiPost(api: APIRequestContext, url: string, data: unknown) {
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? ''
  const response = await api.post(url, { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) }, data })
  expect(response.ok(), await response.text()).toBe(true)
  return response.json()
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const port = await freePort()
  origin = `http://localhost:${port}`
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-push-'))
  profileDir = mkdtempSync(path.join(tmpdir(), 'e2e-push-profile-'))
  server = await startOwnServer({ port, dataDir, env: { SIMULATOR_ANSWER_DELAY_MS: '0' } })
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    permissions: ['notifications'],
  })
  await context.addInitScript(pageInstrumentation)
})

test.afterAll(async () => {
  await context?.close()
  await stopOwnServer(server)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
})

/** Delivers pushes to the app's service worker through the DevTools protocol of `page`'s target. */
async function pushVia(page: Page): Promise<{ send: (data: unknown) => Promise<void> }> {
  const cdp = await context.newCDPSession(page)
  const registration = new Promise<{ registrationId: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
      if (found) resolve(found)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const { registrationId } = await registration
  return {
    send: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify(data),
      })
    },
  }
}

test('a push shows its notification when no window of the app is focused, and not while one is', async () => {
  const page = await signedInPage('teleop7@demo.fr')
  const me = (await (await page.request.get(`${origin}/api/user/me`)).json()) as { id: number }
  const badge = (awardId: number) => ({
    kind: 'badge',
    userId: me.id,
    awardId,
    code: 'push-cdp',
    name: 'Test',
    self: true,
  })

  // The app's window is focused (headless pages are): it shows its own UI, the worker stays quiet.
  const handledBefore = await pushesHandled()
  await (await pushVia(page)).send(badge(990_001))
  // The worker has handled it (its push handler settled).
  await expect.poll(pushesHandled).toBe(handledBefore + 1)
  expect(await notifications(page, `badge:${me.id}:990001`)).toEqual([])
  await page.close()

  // No window of the app: the worker itself raises the alert (the "closed app" case).
  const blank = await context.newPage()
  await (await pushVia(blank)).send(badge(990_002))
  await blank.goto(`${origin}/login`)
  const tag = `badge:${me.id}:990002`
  await expect
    .poll(() => notifications(blank, tag))
    .toEqual([{ title: 'Nouveau badge', body: 'Vous avez obtenu le badge « push-cdp ».', tag, url: '/home' }])
  // The first push still showed nothing.
  expect(await notifications(blank, `badge:${me.id}:990001`)).toEqual([])
  await blank.close()
})

test('a hidden tab shows an inbound call once, and its click logic opens the lead sheet', async () => {
  const page = await signedInPage('teleop7@demo.fr')
  try {
    const me = (await (await page.request.get(`${origin}/api/user/me`)).json()) as { id: number }
    const [lead] = (
      (await (await page.request.get(`${origin}/api/lead/random/1`)).json()) as {
        items: { uuid: string; phone: string; firstName: string; lastName: string }[]
      }
    ).items
    expect(lead).toBeDefined()

    await page.evaluate(() => window.__setVisibility('hidden'))
    const response = await page.request.post(`${origin}/api/dev/telephony/inbound`, {
      headers: await xsrfHeaders(page),
      data: { userId: me.id, fromNumber: lead!.phone },
    })
    expect(response.ok(), await response.text()).toBe(true)
    const { callId } = (await response.json()) as { callId: number }
    const tag = `call:${callId}`

    await expect.poll(() => notifications(page, tag)).toHaveLength(1)
    const [shown] = await notifications(page, tag)
    expect(shown).toMatchObject({ title: 'Appel entrant', url: `/lead/${lead!.uuid}` })
    expect(shown!.body).toContain(`Lead : ${lead!.firstName} ${lead!.lastName}`)
    // Raised once: every ringing update of the call the tab received has been looked at by the
    // bridge (a second one would have doubled it). They were all sent before the inbound request
    // answered; the frame of an award sent after them proves they have all arrived.
    const ringing = (event: string, data: Record<string, unknown>) =>
      event === `user:${me.id}:ongoing-call:update` && data.callId === callId && data.status === 'ringing'
    const marker = await page.request.post(`${origin}/api/dev/awards`, {
      headers: await xsrfHeaders(page),
      data: { userId: me.id, kind: 'badge', code: 'premier-rdv' },
    })
    expect(marker.ok(), await marker.text()).toBe(true)
    const { awardId } = (await marker.json()) as { awardId: number }
    await expect.poll(() => framesReceived(page, (_, data) => data.awardId === awardId)).toBe(1)
    expect(framesReceived(page, ringing)).toBeGreaterThan(0)
    await expect.poll(() => checked(page, tag)).toBe(framesReceived(page, ringing))
    expect(await notifications(page, tag)).toHaveLength(1)
    expect(await page.evaluate((t) => window.__shownTags[t], tag)).toBe(1)

    // A click: the worker has the page's router go to the lead sheet (no reload: the marker stays).
    await page.evaluate(() => Object.assign(window, { pushE2eMarker: 'same-page' }))
    await appWorker().evaluate(async (wanted) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        __alerts: { openAlert: (data: unknown) => Promise<void> }
      }
      const [notification] = await scope.registration.getNotifications({ tag: wanted })
      await scope.__alerts.openAlert(notification?.data)
    }, tag)
    await expect(page).toHaveURL(new RegExp(`/lead/${lead!.uuid}$`))
    expect(await page.evaluate(() => (window as { pushE2eMarker?: string }).pushE2eMarker)).toBe('same-page')
  } finally {
    await page.evaluate(() => window.__setVisibility('visible')).catch(() => undefined)
    await settleUser(page)
    await page.close()
  }
})

test('a manager’s hidden tab shows a team member’s badge once (awarded through the dev endpoint)', async () => {
  const page = await signedInPage('manager@demo.fr')
  const admin = await apiAs('admin@demo.fr')
  try {
    const users = (await (await admin.get('/api/users')).json()) as { id: number; email: string }[]
    const teleop = users.find((user) => user.email === 'teleop3@demo.fr')!
    await page.evaluate(() => window.__setVisibility('hidden'))

    const { awardId } = (await apiPost(admin, '/api/dev/awards', {
      userId: teleop.id,
      kind: 'badge',
      code: 'premier-rdv',
    })) as { awardId: number }
    const tag = `badge:${teleop.id}:${awardId}`

    await expect.poll(() => notifications(page, tag)).toHaveLength(1)
    const [shown] = await notifications(page, tag)
    expect(shown).toMatchObject({ title: 'Nouveau badge', url: '/activity/gamification' })
    expect(shown!.body).toMatch(/ a obtenu le badge « Premier rendez-vous »\.$/)
    // Shown once: every frame of that award the tab received has been looked at by the bridge. An
    // award sent after it proves they have all arrived (one socket, in order).
    const ofAward = (id: number) => (_: string, data: Record<string, unknown>) => data.awardId === id
    const { awardId: later } = (await apiPost(admin, '/api/dev/awards', {
      userId: teleop.id,
      kind: 'badge',
      code: 'premier-rdv',
    })) as { awardId: number }
    await expect.poll(() => framesReceived(page, ofAward(later))).toBeGreaterThan(0)
    await expect.poll(() => checked(page, tag)).toBe(framesReceived(page, ofAward(awardId)))
    expect(await page.evaluate((t) => window.__shownTags[t], tag)).toBe(1)
  } finally {
    await admin.dispose()
    await page.close()
  }
})

test('a manager’s hidden tab shows once the badge a team member earns by answering their first call', async () => {
  const page = await signedInPage('manager@demo.fr')
  const agent = await apiAs('teleop3@demo.fr')
  try {
    const me = (await (await agent.get('/api/user/me')).json()) as { id: number }
    const [lead] = ((await (await agent.get('/api/lead/random/1')).json()) as { items: { phone: string }[] })
      .items
    await page.evaluate(() => window.__setVisibility('hidden'))

    // The simulator rings teleop3 and they answer: their first answered call earns "Premier contact"
    // through the gamification rules (issue #14), not through the dev award endpoint.
    const { callId } = (await apiPost(agent, '/api/dev/telephony/inbound', {
      userId: me.id,
      fromNumber: lead!.phone,
    })) as { callId: number }
    await apiPost(agent, `/api/dev/telephony/${callId}/answer`, {})
    const earned = (_: string, data: Record<string, unknown>) =>
      data.badgeId === 'premier-appel' && data.userId === me.id
    await expect.poll(() => framesReceived(page, earned)).toBe(1)
    const frame = (liveFrames.get(page) ?? []).find(({ event, data }) => earned(event, data))!
    const tag = `badge:${me.id}:${String(frame.data.awardId)}`

    await expect.poll(() => notifications(page, tag)).toHaveLength(1)
    const [shown] = await notifications(page, tag)
    expect(shown).toMatchObject({ title: 'Nouveau badge', url: '/activity/gamification' })
    expect(shown!.body).toMatch(/ a obtenu le badge « Premier contact »\.$/)
    // Once: the bridge has looked at every frame of that award (it received one, checked above).
    await expect.poll(() => checked(page, tag)).toBe(1)
    expect(await page.evaluate((t) => window.__shownTags[t], tag)).toBe(1)
    await apiPost(agent, `/api/dev/telephony/${callId}/hangup`, {})
  } finally {
    await agent.dispose()
    await page.close()
  }
})
