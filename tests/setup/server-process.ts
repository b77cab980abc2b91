// The real server as a child process (`node server/main.ts`) on a free port: the e2e suite
// (playwright.config.ts and the specs' own servers, tests/e2e/own-server.ts) and the benchmarks
// (bench/lib.ts) start it through this module. PGlite in the given data directory, develop
// environment, unless `env` says otherwise.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')

/** The server's entry, relative to ROOT. */
export const SERVER_ENTRY = 'server/main.ts'

/** A port nothing listens on right now (the OS picks it; the probe socket is closed at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type ServerSetup = {
  port: number
  dataDir: string
  /** Another build than dist/ (CLIENT_DIR). */
  clientDir?: string
  /** More environment (e.g. DATABASE_URL, SEED_DEMO, SIMULATOR_ANSWER_DELAY_MS). */
  env?: Record<string, string>
}

/** The server's own environment (without process.env): loopback, develop, PGlite, warnings only. */
export function serverEnvironment({ port, dataDir, clientDir, env }: ServerSetup): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ENV: 'develop',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Node keeps the compiled (and type-stripped) modules of one start for the next: about 0.3 s of the
    // 2.6 s a start takes, paid by some thirty starts a run. Keyed by each file's content.
    NODE_COMPILE_CACHE: path.join(tmpdir(), 'centre-appels-compile-cache'),
    ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
    ...env,
  }
}

export type ServerProcess = { process: ChildProcess; stderr: string[]; origin: string }

export type SpawnOptions = {
  /** 'collect' keeps the server's stderr in `stderr`; 'inherit' passes it through. */
  stderr?: 'collect' | 'inherit'
  /** The host name of `origin`. */
  host?: 'localhost' | '127.0.0.1'
}

export function spawnServer(
  setup: ServerSetup,
  { stderr = 'collect', host = 'localhost' }: SpawnOptions = {},
): ServerProcess {
  // process.execPath: Node 24 (Playwright and the benchmarks run on the project's `node` dev dependency).
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnvironment(setup) },
    stdio: ['ignore', 'ignore', stderr === 'collect' ? 'pipe' : 'inherit'],
  })
  const server: ServerProcess = { process: child, stderr: [], origin: `http://${host}:${setup.port}` }
  child.stderr?.on('data', (chunk: Buffer) => server.stderr.push(chunk.toString()))
  return server
}

/**
 * Polls `url` until it answers 2xx: true then; false once `exited()` says the process is gone, or
 * when `timeoutMs` has passed.
 */
export async function answers(
  url: string,
  {
    timeoutMs,
    intervalMs = 200,
    exited = () => false,
  }: { timeoutMs: number; intervalMs?: number; exited?: () => boolean },
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited()) return false
    try {
      if ((await fetch(url)).ok) return true
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  return false
}

/** Resolves once /api/healthcheck answers; false (the process stopped) if it exited or timed out first. */
export async function becomesHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<boolean> {
  const healthy = await answers(`${server.origin}/api/healthcheck`, {
    timeoutMs,
    exited: () => server.process.exitCode !== null,
  })
  if (!healthy) await stopProcess(server.process)
  return healthy
}

/** SIGTERM, as a deploy does (the server closes its sockets with 1001), and waits for the exit. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await exited
}
