// GET /api/user/me for a signed-in user (session lookup, CSRF cookie check, role hook, DB read,
// zod serialisation) under autocannon, beside a bare Fastify JSON route measured in the same run.
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { freePort, median, signIn, startAppServer, stopChild, waitFor } from './lib.ts'
import { LIMITS } from './targets.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4)
const ROUNDS = 5
const CONNECTIONS = 32

type Result = { rps: number; p99: number }

/** Issue #27: `me` at ≥ 60 % of the bare route's requests per second (median of the rounds' ratios). */
const TARGET_RATIO = LIMITS.meToBareRatio

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

export async function measureApi(): Promise<Record<string, number>> {
  const barePort = await freePort()
  const bare = spawn(process.execPath, ['bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'inherit',
  })
  const app = await startAppServer()
  try {
    await waitFor(`http://127.0.0.1:${barePort}/bare`)
    const cookie = await signIn(app.origin, 'teleop1@demo.fr')
    // Warm both up, then alternate short rounds so machine noise hits both alike; the ratio is the
    // median of the rounds' ratios.
    await autocannon({ url: `http://127.0.0.1:${barePort}/bare`, connections: CONNECTIONS, duration: 2 })
    await autocannon({
      url: `${app.origin}/api/user/me`,
      headers: { cookie },
      connections: CONNECTIONS,
      duration: 4,
    })
    const rounds: { bare: Result; me: Result }[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const bare = await load(`http://127.0.0.1:${barePort}/bare`)
      const me = await load(`${app.origin}/api/user/me`, { cookie })
      rounds.push({ bare, me })
    }
    const inOrder = rounds.map((r) => r.me.rps / r.bare.rps)
    const ratio = median(inOrder)
    const mean = (pick: (r: { bare: Result; me: Result }) => number) =>
      rounds.reduce((sum, r) => sum + pick(r), 0) / rounds.length
    const bareResult = { rps: mean((r) => r.bare.rps), p99: Math.max(...rounds.map((r) => r.bare.p99)) }
    const meResult = { rps: mean((r) => r.me.rps), p99: Math.max(...rounds.map((r) => r.me.p99)) }
    console.log(
      `\n## GET /api/user/me vs bare Fastify JSON route (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s)`,
    )
    console.log(`  bare route      ${bareResult.rps.toFixed(0).padStart(7)} req/s   p99 ${bareResult.p99} ms`)
    console.log(`  /api/user/me    ${meResult.rps.toFixed(0).padStart(7)} req/s   p99 ${meResult.p99} ms`)
    console.log(`  round ratios, in order ${inOrder.map((r) => (r * 100).toFixed(1) + ' %').join(', ')}`)
    console.log(
      `  median ratio ${(ratio * 100).toFixed(1)} % of bare (target ≥ ${TARGET_RATIO * 100} %, issue #27) → ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`,
    )
    return { meRps: meResult.rps, meP99: meResult.p99, bareRps: bareResult.rps, meToBareRatio: ratio }
  } finally {
    await stopChild(bare)
    await app.stop()
  }
}
