import { defineConfig } from 'vitest/config'
import { globSync, readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'

// Vitest's default is one worker fewer than the cores: a single worker on CI's two-core machines,
// which ran every file one after the other. Files wait on the database and on timers as much as
// they compute, so two workers use both cores (docs/decisions.md, 2026-11-27). Set on every project:
// those that do not extend the root config would otherwise keep the default, and Vitest refuses
// projects of one run with different worker counts.
const WORKERS = 2

const SERVER_TESTS = ['server/**/*.test.ts', 'bench/**/*.test.ts']

/**
 * Every server test file runs on PGlite, the product's default database. A file whose subject is the
 * database itself (several connections or processes, locks, LISTEN/NOTIFY, the job engine, SQL whose
 * plan or extensions matter) says so in a line starting `// @both-databases`, and runs on
 * PostgreSQL as well when TEST_DATABASE_URL is set (CI). Running the other files twice proved
 * nothing more and cost half the suite (issue #28). A file that reads TEST_DATABASE_URL must carry
 * the line: its PostgreSQL-only part would otherwise never run.
 */
function bothDatabaseFiles(): string[] {
  const marked: string[] = []
  for (const file of globSync(SERVER_TESTS)) {
    const text = readFileSync(file, 'utf8')
    const isMarked = /^\/\/ @both-databases/m.test(text)
    if (!isMarked && text.includes('TEST_DATABASE_URL'))
      throw new Error(`${file} reads TEST_DATABASE_URL: mark it \`// @both-databases: <why>\``)
    if (isMarked) marked.push(file)
  }
  return marked
}

const serverProject = (name: string, env: Record<string, string>, include = SERVER_TESTS) => ({
  extends: false as const,
  test: {
    name,
    environment: 'node',
    include,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // The migrated database each file starts from, made once per run.
    globalSetup: ['tests/setup/database-templates.ts'],
    // Files share their worker's loaded modules (importing the server costs about 2.5 s per file);
    // each file still builds its own app on its own database (docs/decisions.md, 2026-11-27).
    isolate: false,
    maxWorkers: WORKERS,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

const pgUrl = process.env.TEST_DATABASE_URL

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          // msw in node needs absolute URLs: the API client resolves paths against this origin.
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/client.ts'],
          // Files share their worker's jsdom and loaded modules: creating a jsdom per file was about
          // 40 % of the project's time. tests/setup/client.ts puts the module state (stores,
          // singletons), the document, the storages, IndexedDB and msw back after each test
          // (docs/decisions.md, 2026-11-27).
          isolate: false,
        },
      },
      // The lint configuration's own test (issue #10): ESLint's Node API, no DOM, no database; and
      // the docs' size (issue #28).
      {
        extends: false as const,
        test: {
          name: 'lint',
          environment: 'node',
          include: ['eslint.config.test.ts', 'tests/docs/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          maxWorkers: WORKERS,
        },
      },
      // Server suite on the embedded PGlite, always.
      serverProject('server', { TEST_DATABASE_URL: '' }),
      // The files about the database on a real PostgreSQL too, when TEST_DATABASE_URL is set (CI).
      ...(pgUrl ? [serverProject('server-pg', { TEST_DATABASE_URL: pgUrl }, bothDatabaseFiles())] : []),
    ],
  },
})
