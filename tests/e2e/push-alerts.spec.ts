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
} from '@playwright/test'
import { CHROMIUM_ARGS } from '../../playwright.config.ts'
import { DEMO_PASSWORD, settleUser, signIn, xsrfHeaders } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

type Shown = { title: string; body: string; tag: string; url: string | undefined }
declare global {
  /** Defined by the init script: sets what `document.visibilityState` answers. */
  var __setVisibility: (state: 'visible' | 'hidden') => void
  /** showNotification calls per tag, counted by the init script. */
  var __shownTags: Record<string, number>
}

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
}

async function notifications(page: Page, tag: string): Promise<Shown[]> {
  return page.evaluate(async (wanted) => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications({ tag: wanted })).map((n) => ({
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
  await page.goto(`${origin}/login`)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Connecté')
  return page
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
  await (await pushVia(page)).send(badge(990_001))
  await page.waitForTimeout(500)
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
    // Raised once, and still one notification a moment later (no second source doubled it).
    await page.waitForTimeout(1000)
    expect(await notifications(page, tag)).toHaveLength(1)
    expect(await page.evaluate((t) => window.__shownTags[t], tag)).toBe(1)

    // A click: the worker has the page's router go to the lead sheet (no reload: the marker stays).
    await page.evaluate(() => Object.assign(window, { pushE2eMarker: 'same-page' }))
    const [worker] = context.serviceWorkers().filter((w) => w.url().startsWith(origin))
    expect(worker).toBeDefined()
    await worker!.evaluate(async (wanted) => {
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
    expect(shown!.body).toMatch(/ a obtenu le badge « premier-rdv »\.$/)
    await page.waitForTimeout(500)
    expect(await page.evaluate((t) => window.__shownTags[t], tag)).toBe(1)
  } finally {
    await admin.dispose()
    await page.close()
  }
})
