// find-lead-to-process under contention: 100 teleoperators asking at the same instant, on
// PostgreSQL, several rounds with fresh teleoperators; latency p50/p95 and a check that every
// round handed out 100 distinct leads.
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { createBenchDatabase, percentile, startAppServer } from './lib.ts'
import { insertAccounts } from './live-sockets.ts'

const USERS_PER_ROUND = 100
const ROUNDS = 3

async function xsrfFor(origin: string, sid: string): Promise<string> {
  const res = await fetch(`${origin}/api/user/me`, { headers: { cookie: `sid=${sid}` } })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))
  if (!cookie) throw new Error('no XSRF cookie')
  return cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)
}

export async function measureFind(): Promise<Record<string, number>> {
  const database = await createBenchDatabase()
  const app = await startAppServer({ DATABASE_URL: database.url })
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const accounts = await insertAccounts(client, USERS_PER_ROUND * ROUNDS, 0)
    await client.query(
      `insert into mission_users (mission_id, user_id)
       select m.id, u from missions m, unnest($1::int[]) as u`,
      [accounts.map((a) => a.userId)],
    )
    const prepared = await Promise.all(
      accounts.map(async (a) => ({ ...a, xsrf: await xsrfFor(app.origin, a.sid) })),
    )
    const latencies: number[] = []
    let distinctOk = true
    for (let round = 0; round < ROUNDS; round++) {
      const group = prepared.slice(round * USERS_PER_ROUND, (round + 1) * USERS_PER_ROUND)
      const results = await Promise.all(
        group.map(async (a) => {
          const started = performance.now()
          const res = await fetch(`${app.origin}/api/lead/find-lead-to-process`, {
            method: 'POST',
            headers: { cookie: `sid=${a.sid}; XSRF-TOKEN=${a.xsrf}`, 'x-xsrf-token': a.xsrf },
          })
          latencies.push(performance.now() - started)
          return ((await res.json()) as { redirect?: string }).redirect
        }),
      )
      const leads = results.filter((r): r is string => typeof r === 'string')
      if (leads.length !== USERS_PER_ROUND || new Set(leads).size !== USERS_PER_ROUND) distinctOk = false
    }
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from (select processing_user_id from leads where processing_user_id is not null group by processing_user_id having count(*) > 1) d',
    )
    const sorted = latencies.sort((a, b) => a - b)
    const p50 = percentile(sorted, 50)
    const p95 = percentile(sorted, 95)
    console.log(
      `\n## find-lead-to-process: ${USERS_PER_ROUND} teleoperators at once on PostgreSQL (${ROUNDS} rounds)`,
    )
    console.log(
      `  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms (target p95 < 100 ms) → ${p95 < 100 ? 'OK' : 'OVER TARGET'}`,
    )
    console.log(
      `  every round handed out ${USERS_PER_ROUND} distinct leads: ${distinctOk ? 'yes' : 'NO'}; users holding two leads: ${rows[0]!.n}`,
    )
    return { findP50Ms: p50, findP95Ms: p95, findDistinct: distinctOk ? 1 : 0 }
  } finally {
    await client.end()
    await app.stop()
    await database.drop()
  }
}
