// @both-databases: rate limits shared by two server processes.
// Sign-in limits (docs/domain.md "Sign-in limits", issue #17 point 3): only failures count, also
// under concurrency; failures from one address never lock the owner out at another; a growing delay
// per (account, address); a per-account cap, visible to and lifted by administrators; a shift behind
// one NAT address signs in at once; bad reset links cost no hashing and are throttled per address.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'
import { createAgent, TEST_PASSWORD } from '../../../tests/setup/agent.ts'
import { insertUser, testPasswordHash } from '../../../tests/factories/users.ts'
import { rateLimitHits, users } from '../../db/schema.ts'
import { HashingBusyError, hashingQueue } from '../../lib/passwords.ts'
import { listSignInThrottles } from '../../domain/access/sign-in-throttle.ts'

const t = signedInServer()
afterEach(() => vi.useRealTimers())

const MINUTE = 60_000

/** `n` active teleoperators agent0@test.fr … in one insert (same cheap hash as the fixtures). */
async function insertAgents(n: number) {
  const passwordHash = await testPasswordHash()
  return t.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `agent${i}@test.fr`,
        firstName: 'Agent',
        lastName: `N${i}`,
        role: 'TELEOPERATOR' as const,
        passwordHash,
      })),
    )
    .returning()
}

function login(address: string, email: string, password = TEST_PASSWORD) {
  return createAgent(t.app, {}, address).login(email, password)
}

async function fail(address: string, email: string, times: number) {
  for (let i = 0; i < times; i++)
    expect((await login(address, email, `wrong-${i}-pass`)).statusCode).toBe(401)
}

/** Moves the clock (Date only: timers stay real) forward. */
function advance(ms: number) {
  vi.setSystemTime(Date.now() + ms)
}

describe('per account and address', () => {
  it('failures from one address never refuse the right password from another', async () => {
    await insertUser(t.database.db, { email: 'teleop7@test.fr' })
    await fail('203.0.113.66', 'teleop7@test.fr', 5)
    // The attacker's address now waits, for this account only…
    const blocked = await login('203.0.113.66', 'teleop7@test.fr', 'wrong-again-pass')
    expect(blocked.statusCode).toBe(429)
    // …while the owner signs in from their desk.
    expect((await login('198.51.100.7', 'teleop7@test.fr')).statusCode).toBe(200)
    await insertUser(t.database.db, { email: 'other@test.fr' })
    expect((await login('203.0.113.66', 'other@test.fr')).statusCode).toBe(200)
  })

  it('makes one address wait longer after each failure: 1, 2, 4 minutes, then the right password clears it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00Z'), toFake: ['Date'] })
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const address = '203.0.113.5'
    await fail(address, 'a@test.fr', 5)

    for (const minutes of [1, 2, 4]) {
      const refused = await login(address, 'a@test.fr')
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe(String(minutes * 60))
      expect(refused.json().error).toEqual({
        code: 'TOO_MANY_ATTEMPTS',
        message: `Trop de tentatives. Réessayez dans ${minutes === 1 ? 'une minute' : `${minutes} minutes`}.`,
      })
      advance(minutes * MINUTE - 1000)
      expect((await login(address, 'a@test.fr')).statusCode).toBe(429)
      advance(1000)
      expect((await login(address, 'a@test.fr', 'still-wrong-1')).statusCode).toBe(401)
    }
    advance(8 * MINUTE)
    expect((await login(address, 'a@test.fr')).statusCode).toBe(200)
    // A success from that address forgets its failures there: a typo is a 401 again, not a wait.
    expect((await login(address, 'a@test.fr', 'typo-after-1')).statusCode).toBe(401)
  })

  it('counts the addresses of one IPv6 /64 as one, and an IPv4-mapped address as its IPv4', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    // `login` sends each request from its own remoteAddress (app.inject), with the XSRF pair.
    const inject = (remoteAddress: string, password: string) => login(remoteAddress, 'a@test.fr', password)
    // Five failures spread over the /64 (each from a new address, in several spellings)…
    const spread = [
      '2001:db8:7:1::1',
      '2001:db8:7:1::2',
      '2001:0db8:0007:0001:ffff::9',
      '2001:db8:7:1:a:b:c:d',
    ]
    for (const [i, address] of [...spread, '2001:db8:7:1::5'].entries())
      expect((await inject(address, `wrong-${i}-pass`)).statusCode).toBe(401)
    // …make the whole /64 wait on that account, from yet another address in it…
    expect((await inject('2001:db8:7:1::abcd', TEST_PASSWORD)).statusCode).toBe(429)
    // …while the next /64 is another address.
    expect((await inject('2001:db8:7:2::1', TEST_PASSWORD)).statusCode).toBe(200)
    // Administrators see the /64 as one address.
    const [throttle] = await listSignInThrottles(t.database.db)
    expect(throttle?.addresses).toEqual([
      expect.objectContaining({ address: '2001:db8:7:1::/64', failures: 5 }),
    ])

    await fail('203.0.113.40', 'a@test.fr', 5)
    expect((await inject('::ffff:203.0.113.40', TEST_PASSWORD)).statusCode).toBe(429)
  })

  it('holds the limit under parallel attempts: five failures, then waits', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login('203.0.113.9', 'a@test.fr', `wrong-${i}-pass`).then((r) => r.statusCode),
      ),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
  })
})

describe('per account, every address together', () => {
  it('caps an account at 100 failures an hour, shows it to administrators, who may lift it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00Z'), toFake: ['Date'] })
    const victim = await insertUser(t.database.db, { email: 'victim@test.fr' })
    await insertUser(t.database.db, { email: 'admin@test.fr', role: 'ADMIN' })
    await insertUser(t.database.db, { email: 'teleop@test.fr' })
    const admin = createAgent(t.app, {}, '192.0.2.1')
    expect((await admin.login('admin@test.fr')).statusCode).toBe(200)

    // 99 failures from 33 addresses (3 each: none of them is slowed down yet).
    for (let i = 0; i < 33; i++)
      await Promise.all([0, 1, 2].map(() => fail(`10.0.1.${i}`, 'victim@test.fr', 1)))
    expect((await login('10.0.2.1', 'victim@test.fr')).statusCode).toBe(200)
    await fail('10.0.2.2', 'victim@test.fr', 1)
    const capped = await login('10.0.2.3', 'victim@test.fr')
    expect(capped.statusCode).toBe(429)
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(59 * 60)

    const listed = await admin.request({ url: '/api/auth/sign-in-throttles' })
    expect(listed.statusCode).toBe(200)
    expect(listed.json()).toEqual([
      expect.objectContaining({
        userId: victim.id,
        email: 'victim@test.fr',
        failures: 100,
        cap: 100,
        cappedUntil: '2026-11-25T09:00:00.000Z',
      }),
    ])
    expect(listed.json()[0].addresses).toHaveLength(34)

    const teleop = createAgent(t.app, {}, '192.0.2.2')
    await teleop.login('teleop@test.fr')
    expect((await teleop.request({ url: '/api/auth/sign-in-throttles' })).statusCode).toBe(403)
    const lift = { method: 'DELETE' as const, url: `/api/auth/sign-in-throttles/${victim.id}` }
    expect((await teleop.request(lift)).statusCode).toBe(403)

    expect((await admin.request(lift)).json()).toEqual({ ok: true })
    expect((await admin.request({ url: '/api/auth/sign-in-throttles' })).json()).toEqual([])
    expect((await login('10.0.2.3', 'victim@test.fr')).statusCode).toBe(200)
  })

  it('lists an account slowed down at one address, with until when', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00Z'), toFake: ['Date'] })
    const user = await insertUser(t.database.db, { email: 'a@test.fr' })
    await insertUser(t.database.db, { email: 'admin@test.fr', role: 'ADMIN' })
    await fail('203.0.113.5', 'a@test.fr', 5)
    advance(MINUTE)
    await fail('203.0.113.5', 'a@test.fr', 1)
    await fail('203.0.113.6', 'a@test.fr', 1)
    const admin = createAgent(t.app, {}, '192.0.2.1')
    await admin.login('admin@test.fr')
    const [entry] = (await admin.request({ url: '/api/auth/sign-in-throttles' })).json()
    expect(entry).toMatchObject({ userId: user.id, failures: 7, cappedUntil: null })
    expect(entry.addresses).toEqual([
      { address: '203.0.113.5', failures: 6, blockedUntil: '2026-11-25T08:03:00.000Z' },
      { address: '203.0.113.6', failures: 1, blockedUntil: null },
    ])
  })
})

describe('per address, every account together', () => {
  it('admits a whole shift behind one address signing in at the same moment', async () => {
    const agents = await insertAgents(120)
    const statuses = await Promise.all(
      agents.map((a) => login('198.51.100.1', a.email).then((r) => r.statusCode)),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(120)
  })

  it('never refuses a success because of other successes in flight, even next to the limit', async () => {
    const agents = await insertAgents(20)
    // 197 failures already counted for this address (the limit is 200): the state of an office
    // after a bad morning, written directly rather than through 197 requests.
    await t.database.db
      .insert(rateLimitHits)
      .values(Array.from({ length: 197 }, () => ({ bucket: 'login:ip:198.51.100.2', at: new Date() })))
    const statuses = await Promise.all(
      agents.map((a) => login('198.51.100.2', a.email).then((r) => r.statusCode)),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    // Failures still count: three more reach the limit, and that address waits.
    await fail('198.51.100.2', agents[0]!.email, 3)
    expect((await login('198.51.100.2', agents[1]!.email)).statusCode).toBe(429)
    expect((await login('198.51.100.3', agents[1]!.email)).statusCode).toBe(200)
  })
})

describe('a full hashing queue', () => {
  const busy = {
    code: 'BUSY',
    message: 'Le service est très sollicité : réessayez dans un instant.',
  }
  /** The next hash finds the queue full (the queue's own bound is unit-tested in semaphore.test.ts). */
  let queueFull: { mockRestore: () => void } | undefined
  function fillQueueOnce() {
    queueFull = vi.spyOn(hashingQueue, 'run').mockRejectedValueOnce(new HashingBusyError())
  }
  afterEach(() => queueFull?.mockRestore())

  it('answers a sign-in 503 with Retry-After, counts no failure and keeps nothing pending', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    fillQueueOnce()
    const refused = await login('203.0.113.90', 'a@test.fr', 'wrong-but-unchecked')
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json().error).toEqual(busy)
    // The attempt's ticket was released: no failure and no pending row left in any bucket.
    expect(await t.database.db.select().from(rateLimitHits)).toEqual([])
    expect((await login('203.0.113.90', 'a@test.fr')).statusCode).toBe(200)
  })

  it('answers a password reset 503, and the link still works afterwards', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app, {}, '203.0.113.91')
    await agent.request({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'a@test.fr' } })
    const mail = await vi.waitFor(
      async () => {
        const [row] = await t.database.db.query.mailOutbox.findMany({
          where: (m, { eq }) => eq(m.to, 'a@test.fr'),
        })
        if (!row) throw new Error('no mail yet')
        return row
      },
      { timeout: 5000, interval: 20 },
    )
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.text)![1]!)
    const reset = () =>
      agent.request({
        method: 'POST',
        url: '/api/resetPassword',
        payload: { token, password: 'Nouveau2026' },
      })

    fillQueueOnce()
    const refused = await reset()
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json().error).toEqual(busy)
    const pending = await t.database.db.select().from(rateLimitHits)
    expect(pending.filter((row) => row.bucket.includes('reset:'))).toEqual([])
    expect((await reset()).json()).toEqual({ ok: true })
  })
})

describe('password reset links', () => {
  it('refuses a bad link without hashing anything, and makes the address wait after 10', async () => {
    const reset = (address: string, token: string) =>
      createAgent(t.app, {}, address).request({
        method: 'POST',
        url: '/api/resetPassword',
        payload: { token, password: 'Nouveau2026' },
      })
    const hashesBefore = hashingQueue.started
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        reset('203.0.113.77', `bogus-token-${i}-xxxxxxxx`).then((r) => r.statusCode),
      ),
    )
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 400))
    const limited = await reset('203.0.113.77', 'bogus-token-11-xxxxxxxx')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(hashingQueue.started).toBe(hashesBefore)
    expect((await reset('203.0.113.78', 'bogus-token-12-xxxxxxxx')).statusCode).toBe(400)
  })

  it('limits forgotten-password requests per address, whatever the e-mail', async () => {
    const forgot = (email: string) =>
      createAgent(t.app, {}, '203.0.113.80').request({
        method: 'POST',
        url: '/api/forgotPassword',
        payload: { email },
      })
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@test.fr`)).statusCode).toBe(200)
    expect((await forgot('someone-else@test.fr')).statusCode).toBe(429)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const start = serverProcessesOnOneDatabase()

  it('count failures once between them, and admit every success', async () => {
    const a = await start()
    const b = await start()
    const apps = [a.app, b.app]
    const { db } = a.database
    await insertUser(db, { email: 'target@test.fr' })
    const wrong = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createAgent(apps[i % 2]!, {}, '203.0.113.50')
          .login('target@test.fr', `wrong-${i}-pass`)
          .then((r) => r.statusCode),
      ),
    )
    expect(wrong.filter((s) => s === 401)).toHaveLength(5)
    expect(wrong.filter((s) => s === 429)).toHaveLength(15)

    const passwordHash = await testPasswordHash()
    const shift = await db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          email: `shift${i}@test.fr`,
          firstName: 'Agent',
          lastName: `S${i}`,
          role: 'TELEOPERATOR' as const,
          passwordHash,
        })),
      )
      .returning()
    await db
      .insert(rateLimitHits)
      .values(Array.from({ length: 198 }, () => ({ bucket: 'login:ip:198.51.100.50', at: new Date() })))
    const signedIn = await Promise.all(
      shift.map((user, i) =>
        createAgent(apps[i % 2]!, {}, '198.51.100.50')
          .login(user.email)
          .then((r) => r.statusCode),
      ),
    )
    expect(signedIn.filter((s) => s === 200)).toHaveLength(40)
  })
})
