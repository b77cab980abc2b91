// The installable, offline-tolerant PWA in Chromium (issue #5 "Tests"), with a persistent context
// (installability is only reported there) and the real build, service worker and server:
// - no installability error;
// - after a first visit, with the server STOPPED, a reload shows the app shell and the last data;
// - a comment written offline (context.setOffline) survives a reload and is saved exactly once
//   when the connection returns;
// - after a new build, 'Nouvelle version disponible', then 'Recharger' runs the new version.
// It stops and restarts its servers, so it runs its own (own ports, data directories and builds),
// as live.spec.ts does; any demo account may be used. No context.route here: in Playwright 1.65,
// routed requests (the service worker's too) are still fulfilled offline.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, expect, test, type BrowserContext, type Page } from './fixtures.ts'
import { CHROMIUM_ARGS } from '../../playwright.config.ts'
import { signIn } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

// These tests are about the service worker: it runs here (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })
test.describe.configure({ mode: 'serial' })

const ROOT = path.resolve(import.meta.dirname, '../..')

const temporary: string[] = []
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  temporary.push(dir)
  return dir
}

type AppServer = OwnServer
const startServer = startOwnServer
const stopServer = stopOwnServer

async function openBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(tempDir('e2e-profile-'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  const page = context.pages()[0] ?? (await context.newPage())
  return { context, page }
}

/** The service worker is active (precache done) and controls this page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** Query keys saved in the persisted cache (IndexedDB `centre-appels-cache`). */
function persistedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('centre-appels-cache')
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('queries')) return resolve([])
          const read = db.transaction('queries').objectStore('queries').get('client')
          read.onsuccess = () => {
            const client = read.result as { clientState?: { queries: { queryKey: unknown[] }[] } } | undefined
            resolve((client?.clientState?.queries ?? []).map((q) => JSON.stringify(q.queryKey)))
          }
          read.onerror = () => resolve([])
        }
      }),
  )
}

async function buildClient(outDir: string, buildId: string): Promise<void> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js')
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    { cwd: ROOT, env: { ...process.env, BUILD_ID: buildId } },
  )
}

test.afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

test.describe('offline', () => {
  let port = 0
  let dataDir = ''
  let origin = ''
  let server: AppServer | null = null
  let context: BrowserContext | null = null

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    port = await freePort()
    dataDir = tempDir('e2e-offline-')
    origin = `http://localhost:${port}`
    server = await startServer({ port, dataDir })
  })

  test.afterAll(async () => {
    await context?.close()
    await stopServer(server)
  })

  test('installable; the last data offline with the server stopped; a comment made offline saved once', async () => {
    test.setTimeout(120_000)
    const opened = await openBrowser()
    context = opened.context
    const { page } = opened
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))

    await page.goto(`${origin}/login`)
    await signIn(page, 'teleop1@demo.fr')
    await expect(page).toHaveURL(/\/home$/)
    await serviceWorkerInControl(page)

    // Installable: Chromium reports no error for the manifest, icons and service worker.
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[]
    }
    expect(installabilityErrors).toEqual([])
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] }
    expect(manifest.errors).toEqual([])

    // A first visit of the lead the user processes.
    await page.getByRole('button', { name: 'Traiter un lead' }).click()
    await expect(page).toHaveURL(/\/lead\/[0-9a-f-]{36}$/)
    const uuid = new URL(page.url()).pathname.split('/').pop()!
    await expect(page.getByText(/^Étape 1 \/ \d+/)).toBeVisible()
    const leadName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
    const me = (await (await page.request.get(`${origin}/api/user/me`)).json()) as {
      firstName: string
      lastName: string
    }
    const userName = `${me.firstName} ${me.lastName}`
    await expect.poll(() => persistedKeys(page)).toContain(JSON.stringify(['leads', 'detail', uuid]))

    // The server stops: a reload shows the shell (service worker) and the last data (IndexedDB).
    await stopServer(server)
    server = null
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leadName)
    await expect(page.getByText(/^Étape 1 \/ \d+/)).toBeVisible()
    await expect(page.getByRole('banner').getByText(userName)).toBeVisible()
    await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Appeler', exact: true })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Appeler', exact: true })).toHaveAttribute(
      'title',
      'Indisponible hors ligne',
    )
    // The home page too, from the same cache.
    await page.goto(`${origin}/home`)
    await expect(page.getByRole('banner').getByText(userName)).toBeVisible()

    // The server is back: the app is online again by itself.
    server = await startServer({ port, dataDir })
    await expect(page.getByText('Hors ligne', { exact: true })).toBeHidden({ timeout: 40_000 })
    await page.goto(`${origin}/lead/${uuid}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leadName)

    // Offline (the browser's network cut): the comment is queued…
    await context.setOffline(true)
    await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible()
    const comment = `Écrit hors ligne ${Date.now()}`
    const field = page.getByRole('textbox', { name: 'Commentaire du lead' })
    await field.fill(comment)
    await page.getByRole('button', { name: 'Enregistrer le commentaire' }).click()
    await expect(
      page.getByText('Hors ligne : la modification sera envoyée au retour de la connexion.'),
    ).toBeVisible()
    // …survives a reload while still offline…
    await page.reload()
    await expect(page.getByText('1 modification en attente d’envoi')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Commentaire du lead' })).toHaveValue(comment)

    // …and is saved once when the connection returns.
    await context.setOffline(false)
    await expect(page.getByText('La modification faite hors ligne a été enregistrée.')).toBeVisible({
      timeout: 40_000,
    })
    const commentEvents = async () => {
      const history = (await (await page.request.get(`${origin}/api/lead/${uuid}/history`)).json()) as {
        kind: string
        data: { comment?: string }
      }[]
      return history.filter((event) => event.kind === 'comment' && event.data.comment === comment).length
    }
    expect(await commentEvents()).toBe(1)
    // Another reload and reconnection send nothing more: the next comment saved goes alone. Stored
    // changes are sent oldest first, so the first one, had it stayed, would have gone before it.
    const commentPuts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /^\/api\/lead\/\d+\/comment$/.test(new URL(request.url()).pathname))
        commentPuts.push((JSON.parse(request.postData() ?? '{}') as { comment?: string }).comment ?? '')
    })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leadName)
    const later = `Écrit en ligne ${Date.now()}`
    await page.getByRole('textbox', { name: 'Commentaire du lead' }).fill(later)
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/comment'),
    )
    await page.getByRole('button', { name: 'Enregistrer le commentaire' }).click()
    expect((await saved).ok()).toBe(true)
    expect(commentPuts).toEqual([later])
    expect(await commentEvents()).toBe(1)
    expect(pageErrors).toEqual([])
  })
})

test.describe('update', () => {
  test('after a new build, the prompt appears and "Recharger" runs the new version', async () => {
    test.setTimeout(120_000)
    const port = await freePort()
    const dataDir = tempDir('e2e-update-')
    const origin = `http://localhost:${port}`
    const first = tempDir('e2e-build-1-')
    const second = tempDir('e2e-build-2-')
    // Two builds that differ in their service worker's code (the build id is compiled into it).
    await Promise.all([buildClient(first, 'e2e-update-1'), buildClient(second, 'e2e-update-2')])

    let server: AppServer | null = await startServer({ port, dataDir, clientDir: first })
    const { context, page } = await openBrowser()
    try {
      await page.goto(`${origin}/login`)
      await signIn(page, 'teleop2@demo.fr')
      await expect(page).toHaveURL(/\/home$/)
      await serviceWorkerInControl(page)
      const build = () =>
        page.evaluate(
          () =>
            new Promise<unknown>((resolve) => {
              const channel = new MessageChannel()
              channel.port1.onmessage = (event) => resolve((event.data as { buildId?: string }).buildId)
              navigator.serviceWorker.controller!.postMessage({ type: 'GET_BUILD' }, [channel.port2])
            }),
        )
      expect(await build()).toBe('e2e-update-1')
      await expect(page.getByText('Nouvelle version disponible')).toHaveCount(0)

      // A deploy: the same server and database, the new build.
      await stopServer(server)
      server = await startServer({ port, dataDir, clientDir: second })
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        await registration?.update()
      })
      await expect(page.getByText('Nouvelle version disponible')).toBeVisible({ timeout: 30_000 })

      // What the user sees: the page reloads (the marker set here goes with the old document) into
      // the new version, without the prompt.
      await page.evaluate(() => Object.assign(window, { e2eBeforeUpdate: true }))
      await page.getByRole('button', { name: 'Recharger' }).click()
      await expect
        .poll(() => page.evaluate(() => 'e2eBeforeUpdate' in window).catch(() => true), { timeout: 30_000 })
        .toBe(false)
      await expect(page.getByRole('button', { name: 'Traiter un lead' })).toBeVisible()
      await expect.poll(build).toBe('e2e-update-2')
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBe(null)
      await expect(page.getByText('Nouvelle version disponible')).toHaveCount(0)
    } finally {
      await context.close()
      await stopServer(server)
    }
  })
})
