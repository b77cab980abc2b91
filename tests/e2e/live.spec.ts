// The live channel across a server restart (issue #3): the page shows `Connecté`, `Reconnexion…`
// while the server is down, `Reconnecté` then `Connecté` once it is back, and receives a publish
// made after the restart (its subscriptions came back) — all without a reload.
// It stops and restarts the server, so it runs its own (not playwright.config.ts's webServer): the
// same built app, on its own port and data directory, kept across the restart (sessions live in
// the database, so the browser's session cookie stays valid).
// teleop6 is used by this file only.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signIn } from './helpers.ts'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

type AppServer = { process: ChildProcess; stderr: string[] }

let port = 0
let dataDir = ''
let origin = ''
let current: AppServer | null = null

/** Resolves once /api/healthcheck answers; false if the process exited first. */
async function becomesHealthy(server: AppServer): Promise<boolean> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) return false
    try {
      if ((await fetch(`${origin}/api/healthcheck`)).ok) return true
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server not healthy in time:\n${server.stderr.join('')}`)
}

function spawnServer(): AppServer {
  // process.execPath: Node 24 (Playwright runs on the project's `node` dev dependency).
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'develop',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const server: AppServer = { process: child, stderr: [] }
  child.stderr?.on('data', (chunk: Buffer) => server.stderr.push(chunk.toString()))
  return server
}

/**
 * `node server/main.ts` on the file's port and data directory. A fresh data directory is created
 * and seeded on the first start, which, beside the other worker's browser, may outlast Fastify's
 * plugin start-up limit: the process then exits and is started again (the seed is transactional).
 */
async function startServer(): Promise<void> {
  const failures: string[] = []
  for (let tries = 0; tries < 3; tries += 1) {
    const server = spawnServer()
    current = server
    if (await becomesHealthy(server)) return
    failures.push(server.stderr.join(''))
  }
  throw new Error(`the server did not start:\n${failures.join('\n---\n')}`)
}

/** SIGTERM, as a deploy does: the server closes its sockets (1001) and exits. */
async function stopServer(): Promise<void> {
  const server = current
  current = null
  if (!server || server.process.exitCode !== null) return
  const exited = once(server.process, 'exit')
  server.process.kill('SIGTERM')
  await exited
}

test.beforeAll(async () => {
  // A fresh data directory is created and seeded on the first start.
  test.setTimeout(120_000)
  port = await freePort()
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-live-'))
  origin = `http://localhost:${port}`
  await startServer()
})

test.afterAll(async () => {
  await stopServer()
  rmSync(dataDir, { recursive: true, force: true })
})

test('the page stays live across a server restart, without a reload', async ({ page }) => {
  // Reconnection attempts come 2, 4, 6, 8 and 10 s apart (30 s in all), plus the restart itself.
  test.setTimeout(120_000)

  await page.goto(`${origin}/login`)
  await signIn(page, 'teleop6@demo.fr')
  await expect(page).toHaveURL(/\/home$/)
  const status = page.getByRole('banner').getByRole('status')
  await expect(status).toHaveText('Connecté')
  // Set on this document only: still there at the end means the page was never reloaded.
  await page.evaluate(() => Object.assign(window, { liveE2eMarker: 'same-page' }))

  await stopServer()
  await expect(status).toHaveText('Reconnexion…')

  await startServer()
  await expect(status).toHaveText('Reconnecté', { timeout: 35_000 })
  await expect(status).toHaveText('Connecté', { timeout: 5_000 })

  // A publish after the restart reaches the page: the subscriptions were sent again.
  const me = (await (await page.request.get(`${origin}/api/user/me`)).json()) as { id: number }
  const xsrf = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'XSRF-TOKEN')
  expect(xsrf).toBeDefined()
  const points = 987
  await expect(page.getByText(`${points} XP`)).toHaveCount(0)
  const published = await page.request.post(`${origin}/api/dev/live/publish`, {
    headers: { 'X-XSRF-TOKEN': xsrf!.value },
    data: { channel: `user:${me.id}:experience`, data: { experiencePoints: points, gained: 12 } },
  })
  expect(published.status()).toBe(200)
  await expect(page.getByRole('banner').getByText(`${points} XP`)).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { liveE2eMarker?: string }).liveE2eMarker)).toBe(
    'same-page',
  )
})
