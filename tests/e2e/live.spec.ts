// The live channel across a server restart (issue #3): the page shows `Connecté`, `Reconnexion…`
// while the server is down, `Reconnecté` then `Connecté` once it is back, and receives a publish
// made after the restart (its subscriptions came back) — all without a reload.
// It stops and restarts the server, so it runs its own (not playwright.config.ts's webServer): the
// same built app, on its own port and data directory, kept across the restart (sessions live in
// the database, so the browser's session cookie stays valid).
// teleop6 is used by this file only.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { freePort, startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts'

let port = 0
let dataDir = ''
let origin = ''
let current: OwnServer | null = null

async function startServer(): Promise<void> {
  current = await startOwnServer({ port, dataDir })
}

/** SIGTERM, as a deploy does: the server closes its sockets (1001) and exits. */
async function stopServer(): Promise<void> {
  const server = current
  current = null
  await stopOwnServer(server)
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
