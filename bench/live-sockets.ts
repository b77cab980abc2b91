// Building blocks of bench/live-fanout.ts: accounts written straight into the server's database,
// many sockets opened a batch at a time, and a collector timing each round's arrivals.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type pg from 'pg'
import WebSocket from 'ws'

export type Account = { userId: number; sid: string; role: 'TELEOPERATOR' | 'ADMIN' }

const OPEN_CONCURRENCY = 100
const ROUND_TIMEOUT_MS = 10_000

/**
 * Users and live sessions inserted directly: 2,200 sign-ins would cost 2,200 scrypt hashes. The
 * cookie is the raw session id; the row holds its SHA-256 (server/lib/session-store.ts).
 */
export async function insertAccounts(client: pg.Client, teleoperators: number, admins: number) {
  const { rows } = await client.query<{ id: number; role: Account['role'] }>(
    `insert into users (email, password_hash, first_name, last_name, role)
     select 'bench' || i || '@bench.fr', 'unusable', 'Bench', 'User' || i,
            case when i <= $1 then 'TELEOPERATOR' else 'ADMIN' end
     from generate_series(1, $2) as i
     returning id, role`,
    [teleoperators, teleoperators + admins],
  )
  const accounts: Account[] = rows.map((row) => ({
    userId: row.id,
    role: row.role,
    sid: randomBytes(32).toString('base64url'),
  }))
  await client.query(
    `insert into sessions (id_hash, user_id, expires_at)
     select h, u, now() + interval '1 hour' from unnest($1::text[], $2::int[]) as s(h, u)`,
    [
      accounts.map((a) => createHash('sha256').update(a.sid).digest('base64url')),
      accounts.map((a) => a.userId),
    ],
  )
  return accounts.sort((a, b) => a.userId - b.userId)
}

export type Collector = ReturnType<typeof createCollector>

/** Times every arrival from its round's send; a round resolves when all `expected` came in. */
export function createCollector(expected: number) {
  const sentAt = new Map<number, number>()
  const arrived = new Map<number, number>()
  const waiting = new Map<number, () => void>()
  let latencies: number[] = []
  return {
    start(round: number): Promise<void> {
      sentAt.set(round, performance.now())
      arrived.set(round, 0)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`round ${round}: ${arrived.get(round)} of ${expected} arrived`)),
          ROUND_TIMEOUT_MS,
        )
        waiting.set(round, () => {
          clearTimeout(timer)
          waiting.delete(round)
          resolve()
        })
      })
    },
    onMessage(raw: WebSocket.RawData) {
      const message = JSON.parse(String(raw)) as { data?: { reason?: string } | null }
      const reason = message.data?.reason
      if (!reason?.startsWith('r')) return
      const round = Number(reason.slice(1))
      latencies.push(performance.now() - sentAt.get(round)!)
      const count = arrived.get(round)! + 1
      arrived.set(round, count)
      if (count === expected) waiting.get(round)?.()
    },
    take(): number[] {
      const taken = latencies
      latencies = []
      return taken
    },
  }
}

/** Opens sockets a bounded number of handshakes at a time. */
export async function openAll<T>(items: T[], open: (item: T) => Promise<WebSocket>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = []
  for (let i = 0; i < items.length; i += OPEN_CONCURRENCY)
    sockets.push(...(await Promise.all(items.slice(i, i + OPEN_CONCURRENCY).map(open))))
  return sockets
}

/** An authenticated app socket subscribed to `channel`; resolves once the subscription is in force. */
export function openAppSocket(origin: string, sid: string, channel: string, collector: Collector) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, {
      headers: { cookie: `sid=${sid}`, origin },
    })
    socket.on('error', reject)
    socket.on('message', (raw) => {
      const text = String(raw)
      if (text.startsWith('{"event":"connected"')) {
        socket.send(JSON.stringify({ type: 'subscribe', channel }))
        // One queue per socket on the server: the pong comes after the subscription was handled.
        socket.send(JSON.stringify({ type: 'ping' }))
      } else if (text.startsWith('{"event":"pong"')) resolve(socket)
      else if (text.startsWith('{"event":"error"')) reject(new Error(text))
      else collector.onMessage(raw)
    })
  })
}

export function openBareSocket(url: string, collector: Collector) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.on('error', reject)
    socket.on('open', () => resolve(socket))
    socket.on('message', (raw) => collector.onMessage(raw))
  })
}

/** bench/bare-ws.ts in a process of its own, resolved once it listens. */
export async function startBareWs(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bench/bare-ws.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => String(chunk).includes('listening') && resolve())
    child.once('exit', (code) => reject(new Error(`bare ws server exited (${code})`)))
  })
  return child
}
