// A server of a spec's own (e2e specs that stop, restart or rebuild it: live, offline, push alerts):
// `node server/main.ts` on its own port and data directory, on PGlite, in the develop environment
// (tests/setup/server-process.ts).
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from '@playwright/test'
import {
  becomesHealthy,
  freePort,
  spawnServer,
  stopProcess,
  type ServerProcess,
  type ServerSetup,
} from '../setup/server-process.ts'

export { freePort }

export type OwnServer = ServerProcess

export type OwnServerSetup = ServerSetup

/**
 * Starts the server. An empty data directory starts as a copy of the run's seeded one
 * (tests/e2e/global-setup.ts). Without it, the directory is seeded on the first start, which, beside
 * the other worker's browser, may outlast Fastify's plugin start-up limit: the process then exits and
 * is started again (the seed is transactional).
 */
export async function startOwnServer(setup: OwnServerSetup): Promise<OwnServer> {
  const seeded = process.env.E2E_SEEDED_DATA_DIR
  if (seeded && readdirSync(setup.dataDir).length === 0) cpSync(seeded, setup.dataDir, { recursive: true })
  // The simulated lead answers after 1 s instead of the develop default of 3 s: no spec looks at an
  // outbound call before its answer, and some twenty calls waited out the difference (a spec's env
  // still decides: dev-floor, push alerts).
  const environment = { ...setup, env: { SIMULATOR_ANSWER_DELAY_MS: '1000', ...setup.env } }
  const failures: string[] = []
  for (let tries = 0; tries < 3; tries += 1) {
    const server = spawnServer(environment)
    if (await becomesHealthy(server)) return server
    failures.push(server.stderr.join(''))
  }
  throw new Error(`the server did not start:\n${failures.join('\n---\n')}`)
}

/** SIGTERM, as a deploy does: the server closes its sockets (1001) and exits. */
export async function stopOwnServer(server: OwnServer | null): Promise<void> {
  await stopProcess(server?.process)
}

/**
 * A seeded server of the spec file's own for all its tests (a fresh data directory, removed after):
 * `origin` is read inside the tests, once beforeAll has run.
 */
export function useOwnServer(name: string, env?: Record<string, string>): { readonly origin: string } {
  let dataDir = ''
  let origin = ''
  let server: OwnServer | null = null
  test.beforeAll(async () => {
    // A fresh data directory is created and seeded on the first start.
    test.setTimeout(120_000)
    const port = await freePort()
    dataDir = mkdtempSync(path.join(tmpdir(), `e2e-${name}-`))
    origin = `http://localhost:${port}`
    server = await startOwnServer({ port, dataDir, ...(env ? { env } : {}) })
  })
  test.afterAll(async () => {
    await stopOwnServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    get origin() {
      if (!origin) throw new Error('useOwnServer: the server starts in beforeAll')
      return origin
    },
  }
}
