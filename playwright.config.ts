// End-to-end tests: the production build served by the real server (PGlite in a fresh temp dir,
// seeded demo data) on a free port, driven in Debian's Chromium. Never a downloaded browser.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { freePort, SERVER_ENTRY, serverEnvironment } from './tests/setup/server-process.ts'

// Workers re-read this file; the environment carries the values chosen once by the main process.
process.env.E2E_PORT ??= String(await freePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-data-'))
const baseURL = `http://localhost:${process.env.E2E_PORT}`

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: 'tests/e2e',
  // The seeded data directory the specs' own servers copy (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node ${SERVER_ENTRY}`,
    url: `${baseURL}/api/healthcheck`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: serverEnvironment({ port: Number(process.env.E2E_PORT), dataDir: process.env.E2E_DATA_DIR }),
  },
})
