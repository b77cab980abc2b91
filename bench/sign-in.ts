// Sign-in under load (issue #17 point 3), on PostgreSQL with production password hashing:
// - a correct sign-in alone, then while 60 bogus reset links are tried at once (before #17 each
//   bogus link was hashed first: 10–13 s for the sign-in against 0.3–0.4 s alone): the ratio;
// - a shift of 100 agents behind one address signing in at the same instant: how many are admitted
//   (all, since only failures count) and how long until the last one is in.
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { createBenchDatabase, median, percentile, startAppServer } from './lib.ts'

const PASSWORD = 'Demo1234!'
const SHIFT = 100
const BOGUS_RESETS = 60

type Jar = Map<string, string>

function keep(jar: Jar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';')
    const at = pair.indexOf('=')
    jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
}

const cookieOf = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

/** A browser's XSRF pair before signing in (GET then the pre-session cookies). */
async function freshJar(origin: string): Promise<Jar> {
  const jar: Jar = new Map()
  keep(jar, await fetch(`${origin}/api/user/me`))
  return jar
}

async function post(origin: string, jar: Jar, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieOf(jar),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify(body),
  })
  await res.arrayBuffer()
  return res.status
}

/** One correct sign-in: its status and milliseconds (the XSRF pair is fetched beforehand). */
async function timedSignIn(origin: string, email: string): Promise<{ status: number; ms: number }> {
  const jar = await freshJar(origin)
  const started = performance.now()
  const status = await post(origin, jar, '/api/login', { email, password: PASSWORD })
  return { status, ms: performance.now() - started }
}

export async function measureSignIn(): Promise<Record<string, number>> {
  const database = await createBenchDatabase()
  const app = await startAppServer({ DATABASE_URL: database.url })
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    // The shift: 100 accounts with the demo password's real hash (production cost).
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, role)
       select 'shift' || i || '@bench.fr', (select password_hash from users where email = 'teleop1@demo.fr'),
              'Agent', 'N' || i, 'TELEOPERATOR'
       from generate_series(1, $1) as i`,
      [SHIFT],
    )
    await timedSignIn(app.origin, 'teleop2@demo.fr') // warm-up: pool, decoy hash, JIT

    const alone: number[] = []
    for (let i = 0; i < 5; i++) alone.push((await timedSignIn(app.origin, 'teleop1@demo.fr')).ms)

    const flooded: number[] = []
    const floodStatuses = new Map<number, number>()
    for (let round = 0; round < 3; round++) {
      const jars = await Promise.all(Array.from({ length: BOGUS_RESETS }, () => freshJar(app.origin)))
      const signIn = timedSignIn(app.origin, 'teleop1@demo.fr')
      const bogus = jars.map((jar, i) =>
        post(app.origin, jar, '/api/resetPassword', {
          token: `bogus-${round}-${i}-${'x'.repeat(32)}`,
          password: 'Nouveau1234!',
        }),
      )
      const [result, ...statuses] = await Promise.all([signIn, ...bogus])
      if (result.status !== 200) throw new Error(`sign-in during the flood: ${result.status}`)
      flooded.push(result.ms)
      for (const status of statuses as number[])
        floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1)
    }

    const jars = await Promise.all(Array.from({ length: SHIFT }, () => freshJar(app.origin)))
    const started = performance.now()
    const shift = await Promise.all(
      jars.map(async (jar, i) => {
        const t0 = performance.now()
        const status = await post(app.origin, jar, '/api/login', {
          email: `shift${i + 1}@bench.fr`,
          password: PASSWORD,
        })
        return { status, ms: performance.now() - t0 }
      }),
    )
    const lastInMs = performance.now() - started
    const admitted = shift.filter((s) => s.status === 200).length
    const latencies = shift.map((s) => s.ms).sort((a, b) => a - b)

    const aloneMs = median(alone)
    const floodedMs = median(flooded)
    console.log('\n## Sign-in under load (PostgreSQL, production scrypt cost)')
    console.log(`correct sign-in alone: median ${aloneMs.toFixed(0)} ms (5 runs)`)
    console.log(
      `same, during ${BOGUS_RESETS} bogus reset links at once: median ${floodedMs.toFixed(0)} ms (3 rounds) → ratio ${(floodedMs / aloneMs).toFixed(2)}; reset answers ${JSON.stringify(Object.fromEntries(floodStatuses))}`,
    )
    console.log(
      `${SHIFT} agents behind one address at once: ${admitted}/${SHIFT} admitted, last in after ${(lastInMs / 1000).toFixed(1)} s (p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms; ${(lastInMs / SHIFT).toFixed(0)} ms per agent against ${aloneMs.toFixed(0)} ms for one alone)`,
    )
    return {
      signInAloneMs: Math.round(aloneMs),
      signInDuringResetFloodMs: Math.round(floodedMs),
      signInFloodRatio: Number((floodedMs / aloneMs).toFixed(2)),
      shiftAdmitted: admitted,
      shiftLastInMs: Math.round(lastInMs),
    }
  } finally {
    await client.end()
    await app.stop()
    await database.drop()
  }
}
