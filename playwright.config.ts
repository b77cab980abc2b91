// End-to-end tests: the production build served by the real server (PGlite, seeded demo data),
// one server per Playwright worker on a free port (tests/e2e/fixtures.ts), driven in Debian's
// Chromium. Never a downloaded browser.
import { defineConfig } from '@playwright/test'

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
  // One worker (2026-11-29): with two or three at once on this machine, specs with a server of their own
  // lost it mid-test (ERR_CONNECTION_REFUSED while its process was alive, the page « Hors ligne »):
  // backoffice-tags and backoffice-sms failed 3 of 3 runs as a pair on two workers and passed 2 of 2 on
  // one, and the full run failed 7 specs on three. Cause not found yet; until it is, specs run one at a
  // time (each worker still has its own server: tests/e2e/fixtures.ts).
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // No trace by default: recording one costs every test about a tenth of its time (measured on two
    // spec files, 33 s against 29-30 s), and CI keeps only the printed output. E2E_TRACE=retain-on-failure
    // records them when a failure is being looked into (README).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
})
