// Playwright global setup: one seeded data directory for the run. A spec's own server
// (tests/e2e/own-server.ts) starts from a copy of it instead of migrating and seeding an empty one
// (about 15 s against 5 s per start, for some twenty specs). A copy holds the data of this one seeding,
// however late in the run it is made (the seed's dates move by whole weeks: server/db/seed-leads.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { becomesHealthy, freePort, spawnServer, stopProcess } from '../setup/server-process.ts'

export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-seeded-'))
  const server = spawnServer({ port: await freePort(), dataDir })
  if (!(await becomesHealthy(server, 120_000)))
    throw new Error(`the seeding server did not start:\n${server.stderr.join('')}`)
  // SIGTERM: the server closes its database, so the directory is complete on disk.
  await stopProcess(server.process)
  process.env.E2E_SEEDED_DATA_DIR = dataDir
  return () => rmSync(dataDir, { recursive: true, force: true })
}
