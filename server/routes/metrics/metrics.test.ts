import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DevMonitor } from '../../../src/contracts/monitor.ts'
import { webhookEvents } from '../../db/schema.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createTestApp } from '../../../tests/setup/test-app.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { createAgent } from '../../../tests/setup/agent.ts'

const TOKEN = 'scrape-token-of-the-tests-0123456789abcdef'

const t = signedInServer({
  config: { metricsToken: TOKEN },
  users: { admin: { role: 'ADMIN' }, teleop: {} },
})
const { admin, teleop } = t.agents

/** The value of one sample line of the text format, e.g. `http_requests_total{…}`. */
function sample(text: string, prefix: string) {
  const line = text.split('\n').find((row) => row.startsWith(prefix))
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('GET /api/metrics', () => {
  it('gives an administrator the Prometheus text with the process, HTTP, live, bus and job metrics', async () => {
    const res = await admin.request({ url: '/api/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'live_sockets',
      'live_subscriptions',
      'bus_messages_published_total',
      'bus_messages_received_total',
      'job_queue_jobs',
    ])
      expect(res.body).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `)
    expect(res.body.includes('# TYPE db_pool_connections ')).toBe(t.database.kind === 'postgres')
  })

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const series = 'http_requests_total{method="GET",route="/api/user/me",status="200"}'
    const before = sample((await admin.request({ url: '/api/metrics' })).body, series)
    await teleop.request({ url: '/api/user/me' })
    await teleop.request({ url: '/api/user/me' })
    const after = (await admin.request({ url: '/api/metrics' })).body
    expect(sample(after, series)).toBe(before + 2)
    // The duration histogram counted them too, each under a bucket no larger than +Inf.
    const labels = 'method="GET",route="/api/user/me"'
    const count = sample(after, `http_request_duration_seconds_count{${labels}}`)
    expect(count).toBeGreaterThanOrEqual(2)
    expect(sample(after, `http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(count)
    expect(sample(after, `http_request_duration_seconds_bucket{le="10",${labels}}`)).toBe(count)
    expect(sample(after, `http_request_duration_seconds_sum{${labels}}`)).toBeGreaterThan(0)
    await teleop.request({ url: '/api/lead/123456' })
    const text = (await admin.request({ url: '/api/metrics' })).body
    expect(text).toContain('route="/api/lead/:id"')
    expect(text).not.toContain('/api/lead/123456')
  })

  it('admits the scrape token, and refuses others: signed out 401, a teleoperator 403, a wrong token 401', async () => {
    const anonymous = createAgent(t.app)
    const bearer = (token: string) =>
      anonymous.request({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } })
    const scraped = await bearer(TOKEN)
    expect(scraped.statusCode).toBe(200)
    expect(scraped.body).toContain('http_requests_total')
    expect((await bearer(`${TOKEN}x`)).statusCode).toBe(401)
    expect((await bearer('short')).statusCode).toBe(401)
    expect((await anonymous.request({ url: '/api/metrics' })).statusCode).toBe(401)
    expect((await teleop.request({ url: '/api/metrics' })).statusCode).toBe(403)
    // A session does not make a wrong token right.
    expect(
      (await admin.request({ url: '/api/metrics', headers: { authorization: 'Bearer nope' } })).statusCode,
    ).toBe(401)
  })
})

describe('GET /api/dev/monitor', () => {
  it('gives the monitor page its figures', async () => {
    const res = await teleop.request({ url: '/api/dev/monitor' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.database.kind).toBe(t.database.kind)
    expect(body.database.pool === null).toBe(t.database.kind === 'pglite')
    expect(body.process.rssBytes).toBeGreaterThan(0)
    expect(body.live).toEqual({ sockets: 0, subscriptions: 0 })
    expect(body.bus.published).toBeGreaterThanOrEqual(0)
    expect(Array.isArray(body.jobs)).toBe(true)
  })
})

describe('the monitor’s webhook lag, slowest queries and errors of the last hour', () => {
  it('reads them after a scripted set of deliveries, statements and refusals', async () => {
    const now = Date.now()
    const delivery = (id: number, receivedAgoMs: number, lagMs: number | null, outcome = 'processed') => ({
      provider: 'aircall',
      event: 'call.created',
      dedupeKey: `monitor-${id}`,
      outcome: outcome as 'processed',
      receivedAt: new Date(now - receivedAgoMs),
      processedAt: lagMs === null ? null : new Date(now - receivedAgoMs + lagMs),
    })
    await t.database.db.insert(webhookEvents).values([
      delivery(1, 10 * 60_000, 200),
      delivery(2, 5 * 60_000, 400),
      delivery(3, 60_000, 3000),
      delivery(4, 30_000, null, 'rejected'),
      delivery(5, 2 * 3_600_000, 90_000), // older than the hour
    ])
    // A statement with a literal written into its text: its shape keeps neither the name nor the number.
    await t.database.db.execute(sql.raw(`select pg_sleep(0.05), 'Dupont' as name, 42 as answer`))
    // The other tests of the file refused requests too: counted from here.
    const counted = async () => (await teleop.request({ url: '/api/dev/monitor' })).json<DevMonitor>().errors
    const countOf = (errors: DevMonitor['errors'], route: string, status: number) =>
      errors.byRoute.find((one) => one.route === route && one.status === status)?.count ?? 0
    const before = await counted()
    await teleop.request({ url: '/api/lead/123456' })
    await teleop.request({ url: '/api/lead/123457' })
    await teleop.request({ url: '/api/metrics' })

    const body = (await teleop.request({ url: '/api/dev/monitor' })).json<DevMonitor>()
    expect(body.webhookLag).toMatchObject({ count: 3, p50Ms: 400, maxMs: 3000 })
    expect(new Date(body.webhookLag.lastReceivedAt!).getTime()).toBe(now - 60_000)
    const slow = body.slowQueries.find((one) => one.shape.includes('pg_sleep'))
    expect(slow).toMatchObject({ shape: 'select pg_sleep(?), ? as name, ? as answer', count: 1 })
    expect(slow!.maxMs).toBeGreaterThanOrEqual(45)
    expect(JSON.stringify(body.slowQueries)).not.toContain('Dupont')
    expect(countOf(body.errors, '/api/lead/:id', 404)).toBe(countOf(before, '/api/lead/:id', 404) + 2)
    expect(countOf(body.errors, '/api/metrics', 403)).toBe(countOf(before, '/api/metrics', 403) + 1)
    expect(body.errors.total).toBe(before.total + 3)
    expect(JSON.stringify(body.errors)).not.toContain('123456')

    const metrics = (await admin.request({ url: '/api/metrics' })).body
    expect(metrics).toContain('webhook_processing_lag_seconds{stat="p50"} 0.4')
    expect(metrics).toContain('webhook_processing_lag_seconds{stat="max"} 3')
    expect(metrics).toContain('# TYPE db_query_duration_seconds histogram')
  })
})

describe('in production', () => {
  it('/api/metrics answers the scrape token; /api/dev/monitor does not exist', async () => {
    const prod = await createTestApp({ appEnv: 'production', metricsToken: TOKEN })
    try {
      await insertUser(prod.database.db, { email: 'admin@test.fr', role: 'ADMIN' })
      const a = createAgent(prod.app)
      await a.login('admin@test.fr')
      expect((await a.request({ url: '/api/dev/monitor' })).statusCode).toBe(404)
      expect((await a.request({ url: '/api/metrics' })).statusCode).toBe(200)
      const scraped = await createAgent(prod.app).request({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(scraped.statusCode).toBe(200)
    } finally {
      await prod.close()
    }
  })
})
