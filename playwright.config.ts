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
  // One worker. The e2e run is CPU-bound on two cores: one worker already keeps both busy (its servers
  // start on several threads, Chromium is several processes; over a full run the servers took 580 s of
  // CPU and Chromium 735 s in 1,250 s). Two workers made each spec about 2.5 times slower (backoffice-sms
  // and -tags: 11-14 s alone, 30 s side by side) and the whole no faster (70 s against 56 s), so specs
  // timed out; the « connection refused » seen then was the spec's own server stopped by afterAll after
  // the timeout, not a lost server (2026-11-29, docs/decisions.md).
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // The service worker precaches the whole app in every new browser context: some hundred requests
    // and their storage, about a tenth of a spec's time on two cores (measured on backoffice-sms and
    // -tags: 27.7 s against 22.9 s). The specs about it (offline, push alerts, the shared workstation)
    // allow it with test.use; the others test the pages, not the worker.
    serviceWorkers: 'block',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // No trace by default: recording one costs every test about a tenth of its time (measured on two
    // spec files, 33 s against 29-30 s), and CI keeps only the printed output. E2E_TRACE=retain-on-failure
    // records them when a failure is being looked into (README).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
})
