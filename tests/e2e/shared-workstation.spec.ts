// A shared workstation forgets its last user (issue #17, point 4), in Chromium with persistent
// profiles (a closed and reopened browser keeps its storage, not its session cookies), the real
// build, service worker and server:
// (a) without « Rester connecté sur cet appareil » the `sid` cookie is a session cookie, with it a
//     persistent one;
// (e) the same agent reloading offline keeps their lead and queued change;
// (c) an explicit sign-out offline with a queued change says how many would be lost and asks;
// (b) once signed out, the drafts, the persisted cache and the outbox are gone from the browser;
// (d) user A's persisted data is never rendered to user B on the same profile, and data older than
//     the idle limit (the recorded confirmation moved back) is dropped before rendering.
// Its own server (as offline.spec.ts): no context.route while offline (in Playwright 1.65, routed
// requests are still fulfilled offline).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test, type BrowserContext, type Page } from './fixtures.ts'
import { CHROMIUM_ARGS } from '../../playwright.config.ts'
import { signIn } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

// These tests are about the service worker: it runs here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })
test.describe.configure({ mode: 'serial' })

const temporary: string[] = []
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  temporary.push(dir)
  return dir
}

let server: OwnServer | null = null
let origin = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const port = await freePort()
  origin = `http://localhost:${port}`
  server = await startOwnServer({ port, dataDir: tempDir('e2e-workstation-') })
})

test.afterAll(async () => {
  await stopOwnServer(server)
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

/** A browser on `profile` (the same directory = the same workstation, reopened). */
async function openBrowser(profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  const page = context.pages()[0] ?? (await context.newPage())
  return { context, page }
}

async function signInAt(page: Page, email: string, { rememberMe = false } = {}): Promise<void> {
  await page.goto(`${origin}/login`)
  if (rememberMe) await page.getByRole('checkbox', { name: 'Rester connecté sur cet appareil' }).check()
  await signIn(page, email)
  await expect(page).toHaveURL(/\/home$/)
}

/** The service worker is active (precache done) and controls this page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** What the browser keeps of a session: persisted cache, outbox, drafts, session record. */
type Kept = { owner: unknown; queryKeys: string[]; outbox: string[]; drafts: string[]; record: unknown }

function kept(page: Page): Promise<Kept> {
  return page.evaluate(async () => {
    function read<T>(
      dbName: string,
      storeName: string,
      action: (store: IDBObjectStore) => IDBRequest,
    ): Promise<T | undefined> {
      return new Promise((resolve) => {
        const open = indexedDB.open(dbName)
        open.onerror = () => resolve(undefined)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(storeName)) {
            db.close()
            return resolve(undefined)
          }
          const request = action(db.transaction(storeName).objectStore(storeName))
          request.onsuccess = () => {
            db.close()
            resolve(request.result as T)
          }
          request.onerror = () => resolve(undefined)
        }
      })
    }
    const client = await read<{ clientState?: { queries: { queryKey: unknown[] }[] } }>(
      'centre-appels-cache',
      'queries',
      (store) => store.get('client'),
    )
    const owner = await read<unknown>('centre-appels-cache', 'queries', (store) => store.get('owner'))
    const outbox = await read<IDBValidKey[]>('centre-appels-outbox', 'changes', (store) => store.getAllKeys())
    const drafts = Object.keys(localStorage).filter((key) => key.startsWith('lead-outcome-draft:'))
    const record = localStorage.getItem('centre-appels-session')
    return {
      owner: owner ?? null,
      queryKeys: (client?.clientState?.queries ?? []).map((query) => JSON.stringify(query.queryKey)),
      outbox: (outbox ?? []).map(String),
      drafts,
      record: record === null ? null : (JSON.parse(record) as unknown),
    }
  })
}

type LeadSeen = { uuid: string; id: number; name: string; userId: number; userName: string }

/** Takes a lead ('Traiter un lead') and waits until its sheet is in the persisted cache. */
async function takeLead(page: Page): Promise<LeadSeen> {
  await page.getByRole('button', { name: 'Traiter un lead' }).click()
  await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
  const uuid = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByText(/^Étape 1 \/ \d+/)).toBeVisible()
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  const lead = (await (await page.request.get(`${origin}/api/lead/${uuid}`)).json()) as { id: number }
  const me = (await (await page.request.get(`${origin}/api/user/me`)).json()) as {
    id: number
    firstName: string
    lastName: string
  }
  await expect
    .poll(async () => (await kept(page)).queryKeys)
    .toContain(JSON.stringify(['leads', 'detail', uuid]))
  return { uuid, id: lead.id, name, userId: me.id, userName: `${me.firstName} ${me.lastName}` }
}

/** An outcome draft with a customer's details, as the sheet's outcome form keeps it. */
async function writeDraft(page: Page, lead: LeadSeen): Promise<void> {
  await page.evaluate(
    ({ key }) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          tagId: null,
          details: 'M. Martin 06 12 34 56 78',
          comment: '',
          savedAt: Date.now(),
        }),
      ),
    { key: `lead-outcome-draft:${lead.userId}:${lead.id}` },
  )
}

/** Writes the lead's comment with the network cut: it is queued in the outbox. */
async function queueCommentOffline(page: Page, context: BrowserContext, text: string): Promise<void> {
  await context.setOffline(true)
  await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'Commentaire du lead' }).fill(text)
  await page.getByRole('button', { name: 'Enregistrer le commentaire' }).click()
  await expect(
    page.getByText('Hors ligne : la modification sera envoyée au retour de la connexion.'),
  ).toBeVisible()
}

/** Records, from the first script on, whether any of `texts` ever shows in the page. */
async function watchForLeaks(context: BrowserContext, texts: string[]): Promise<void> {
  await context.addInitScript((watched: string[]) => {
    const win = window as unknown as { __leaked: string[] }
    win.__leaked = []
    const check = () => {
      const shown = document.body?.innerText ?? ''
      for (const text of watched)
        if (shown.includes(text) && !win.__leaked.includes(text)) win.__leaked.push(text)
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true })
  }, texts)
}

const leaked = (page: Page) => page.evaluate(() => (window as unknown as { __leaked: string[] }).__leaked)

test('(a) the session cookie ends with the browser unless « Rester connecté sur cet appareil »', async () => {
  test.setTimeout(60_000)
  for (const rememberMe of [false, true]) {
    const { context, page } = await openBrowser(tempDir('e2e-profile-'))
    try {
      await signInAt(page, 'teleop5@demo.fr', { rememberMe })
      const cookies = await context.cookies(origin)
      const sid = cookies.find((cookie) => cookie.name === 'sid')
      const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')
      if (rememberMe) {
        // Max-Age = the absolute lifetime (12 h by default).
        const inTwelveHours = Date.now() / 1000 + 12 * 3600
        expect(sid?.expires).toBeGreaterThan(inTwelveHours - 120)
        expect(sid?.expires).toBeLessThan(inTwelveHours + 120)
        expect(xsrf?.expires).toBeGreaterThan(inTwelveHours - 120)
      } else {
        expect(sid?.expires).toBe(-1)
        expect(xsrf?.expires).toBe(-1)
      }
    } finally {
      await context.close()
    }
  }
})

test('(e)(c)(b) offline: the agent keeps their lead; a sign-out asks with the count, then leaves nothing', async () => {
  test.setTimeout(120_000)
  const { context, page } = await openBrowser(tempDir('e2e-profile-'))
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  try {
    await signInAt(page, 'teleop1@demo.fr')
    await serviceWorkerInControl(page)
    const lead = await takeLead(page)
    await writeDraft(page, lead)
    await queueCommentOffline(page, context, `Client joignable après 18 h ${Date.now()}`)

    // (e) A reload offline, within the idle window: the same lead, the queued change still there.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lead.name)
    await expect(page.getByText('1 modification en attente d’envoi')).toBeVisible()
    expect((await kept(page)).outbox).toHaveLength(1)

    // (c) Signing out cannot send it: the count, and a question; staying keeps everything.
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    const dialog = page.getByRole('dialog', { name: 'Modifications non envoyées' })
    await expect(dialog).toContainText(
      '1 modification faite hors ligne n’a pas encore été envoyée et sera perdue. Se déconnecter quand même ?',
    )
    await dialog.getByRole('button', { name: 'Rester connecté' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lead.name)
    expect((await kept(page)).outbox).toHaveLength(1)

    // Signing out anyway, still offline: signed out here at once…
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await dialog.getByRole('button', { name: 'Se déconnecter quand même' }).click()
    await expect(page).toHaveURL(/\/login$/)

    // (b) …and nothing of the agent stays in the browser.
    await expect
      .poll(() => kept(page))
      .toEqual({ owner: null, queryKeys: [], outbox: [], drafts: [], record: null })

    // Back online, the server hears the sign-out: the session cookie no longer works.
    await context.setOffline(false)
    await expect
      .poll(async () => (await page.request.get(`${origin}/api/user/me`)).status(), { timeout: 40_000 })
      .toBe(401)
    expect(pageErrors).toEqual([])
  } finally {
    await context.close()
  }
})

test('(d) the next agent at the desk never sees the previous one’s data', async () => {
  test.setTimeout(120_000)
  const profile = tempDir('e2e-profile-')
  const first = await openBrowser(profile)
  let lead: LeadSeen
  try {
    await signInAt(first.page, 'teleop2@demo.fr')
    await serviceWorkerInControl(first.page)
    lead = await takeLead(first.page)
    await writeDraft(first.page, lead)
    await queueCommentOffline(first.page, first.context, `Ne doit jamais partir ${Date.now()}`)
    const before = await kept(first.page)
    expect(before.outbox).toHaveLength(1)
    expect(before.drafts).toHaveLength(1)
  } finally {
    // The browser is closed without signing out (the agent leaves the desk).
    await first.context.close()
  }

  const second = await openBrowser(profile)
  const { context, page } = second
  try {
    // (a) Closing the browser ended the session: its cookie is gone.
    expect((await context.cookies(origin)).find((cookie) => cookie.name === 'sid')).toBeUndefined()
    await watchForLeaks(context, [lead.name, lead.userName])

    // The page comes from the service worker; the server says nobody is signed in.
    await page.goto(`${origin}/home`)
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
    await signIn(page, 'teleop3@demo.fr')
    await expect(page).toHaveURL(/\/home$/)
    const me = (await (await page.request.get(`${origin}/api/user/me`)).json()) as { id: number }

    // The first agent's cache, draft and unsent change are gone; the cache is the new agent's.
    await expect.poll(async () => (await kept(page)).owner).toBe(me.id)
    const now = await kept(page)
    expect(now.queryKeys).not.toContain(JSON.stringify(['leads', 'detail', lead.uuid]))
    expect(now.outbox).toEqual([])
    expect(now.drafts).toEqual([])
    expect(now.record).toMatchObject({ userId: me.id })
    expect(await leaked(page)).toEqual([])
  } finally {
    await context.close()
  }
})

test('(d) data older than the idle limit is dropped before anything renders', async () => {
  test.setTimeout(120_000)
  const { context, page } = await openBrowser(tempDir('e2e-profile-'))
  try {
    await signInAt(page, 'teleop4@demo.fr')
    await serviceWorkerInControl(page)
    const lead = await takeLead(page)
    await writeDraft(page, lead)
    // The last confirmation of the session, moved back beyond the idle limit.
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('centre-appels-session')!) as {
        confirmedAt: number
        idleMs: number
      }
      record.confirmedAt = Date.now() - record.idleMs - 60_000
      localStorage.setItem('centre-appels-session', JSON.stringify(record))
    })
    await watchForLeaks(context, [lead.name])
    // The sheet's data is held back: anything shown before it arrives came from the browser.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked: () => void = () => undefined
    const requested = new Promise<void>((resolve) => (asked = resolve))
    await page.route(`**/api/lead/${lead.uuid}`, async (route) => {
      asked()
      await held
      await route.continue()
    })

    await page.reload()
    await requested
    await expect(page.getByRole('heading', { level: 1, name: lead.name })).toHaveCount(0)
    expect(await leaked(page)).toEqual([])
    const now = await kept(page)
    expect(now.queryKeys).not.toContain(JSON.stringify(['leads', 'detail', lead.uuid]))
    expect(now.drafts).toEqual([])

    // The server still knows the session: the sheet comes back, fresh from it.
    release()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lead.name)
  } finally {
    await context.close()
  }
})
