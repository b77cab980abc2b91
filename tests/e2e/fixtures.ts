// The specs' `test`: each Playwright worker runs its own server (a copy of the run's seeded data
// directory, tests/e2e/global-setup.ts) and every page, context and request of its tests goes there
// (`baseURL`). Specs of two workers never share data, so any number of workers runs the same tests
// as one (issue #28): a spec only ever sees what the specs before it in its own worker left.
import { rmSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { freePort, startOwnServer, stopOwnServer } from './own-server.ts'

export * from '@playwright/test'

type WorkerFixtures = { workerServer: { origin: string } }

export const test = base.extend<object, WorkerFixtures>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-worker-'))
      const server = await startOwnServer({ port: await freePort(), dataDir })
      await use({ origin: server.origin })
      await stopOwnServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.origin)
  },
})
