// A server of a spec's own (e2e specs that stop, restart or rebuild it: live, offline, push alerts):
// `node server/main.ts` on its own port and data directory, on PGlite, in the develop environment.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

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

export type OwnServer = { process: ChildProcess; stderr: string[]; origin: string }

export type OwnServerSetup = {
  port: number
  dataDir: string
  /** Another build than dist/ (CLIENT_DIR). */
  clientDir?: string
  /** More environment (e.g. SIMULATOR_ANSWER_DELAY_MS). */
  env?: Record<string, string>
}

function spawnServer({ port, dataDir, clientDir, env }: OwnServerSetup): OwnServer {
  // process.execPath: Node 24 (Playwright runs on the project's `node` dev dependency).
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'develop',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const server: OwnServer = { process: child, stderr: [], origin: `http://localhost:${port}` }
  child.stderr?.on('data', (chunk: Buffer) => server.stderr.push(chunk.toString()))
  return server
}

/** Resolves once /api/healthcheck answers; false if the process exited (or was stopped) first. */
async function becomesHealthy(server: OwnServer): Promise<boolean> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) return false
    try {
      if ((await fetch(`${server.origin}/api/healthcheck`)).ok) return true
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stopOwnServer(server)
  return false
}

/**
 * Starts the server. A fresh data directory is created and seeded on the first start, which, beside
 * the other worker's browser, may outlast Fastify's plugin start-up limit: the process then exits and
 * is started again (the seed is transactional).
 */
export async function startOwnServer(setup: OwnServerSetup): Promise<OwnServer> {
  const failures: string[] = []
  for (let tries = 0; tries < 3; tries += 1) {
    const server = spawnServer(setup)
    if (await becomesHealthy(server)) return server
    failures.push(server.stderr.join(''))
  }
  throw new Error(`the server did not start:\n${failures.join('\n---\n')}`)
}

/** SIGTERM, as a deploy does: the server closes its sockets (1001) and exits. */
export async function stopOwnServer(server: OwnServer | null): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return
  const exited = once(server.process, 'exit')
  server.process.kill('SIGTERM')
  await exited
}
