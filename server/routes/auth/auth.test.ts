import { describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, TEST_PASSWORD } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { eq } from 'drizzle-orm'
import { pushSubscriptions, rateLimitHits } from '../../db/schema.ts'

const t = signedInServer()

describe('POST /api/login', () => {
  it('opens a session and answers the connected user', async () => {
    await insertUser(t.database.db, { email: 'teleop@test.fr', role: 'TELEOPERATOR', aircallId: null })
    const agent = createAgent(t.app)
    const res = await agent.login('Teleop@Test.fr')
    expect(res.statusCode).toBe(200)
    const { user } = res.json()
    expect(user).toMatchObject({
      email: 'teleop@test.fr',
      role: 'TELEOPERATOR',
      isCallCapable: true,
      needsAircallLink: true,
    })
    expect(user.preferences).toEqual({ tour: true, badges: true, tentacalls: true })
    const sid = res.cookies.find((c) => c.name === 'sid')!
    expect(sid.httpOnly).toBe(true)
    expect(sid.sameSite).toBe('Lax')
    expect(Buffer.from(sid.value, 'base64url').length).toBeGreaterThanOrEqual(16)
    const me = await agent.request({ url: '/api/user/me' })
    expect(me.statusCode).toBe(200)
    expect(me.headers['cache-control']).toBe('private, no-store')
  })

  it('rotates the session id at each login', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app)
    await agent.login('a@test.fr')
    const first = agent.cookies.get('sid')
    await agent.login('a@test.fr')
    const second = agent.cookies.get('sid')
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    const stale = await t.app.inject({ url: '/api/user/me', cookies: { sid: first! } })
    expect(stale.statusCode).toBe(401)
  })

  it('refuses a wrong password with a French message', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const res = await createAgent(t.app).login('a@test.fr', 'wrong-password1')
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Adresse e-mail ou mot de passe incorrect.',
    })
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined()
  })

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const res = await createAgent(t.app).login('nobody@test.fr')
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS')
  })

  it('refuses an inactive account', async () => {
    await insertUser(t.database.db, { email: 'off@test.fr', status: 'INACTIVE' })
    const res = await createAgent(t.app).login('off@test.fr')
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toEqual({
      code: 'ACCOUNT_INACTIVE',
      message: 'Votre compte est désactivé. Contactez votre responsable.',
    })
  })

  // The sign-in limits themselves (per account and address, per account, per address, under
  // concurrency) are tested in sign-in-limits.test.ts.
  it('does not count successful sign-ins from a shared address (a call centre behind one IP)', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app, {}, '198.51.100.1')
    for (let i = 0; i < 52; i++) expect((await agent.login('a@test.fr')).statusCode).toBe(200)
  })

  it('answers 400 with French field messages on bad input', async () => {
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'pas-un-email' },
    })
    expect(res.statusCode).toBe(400)
    const { error } = res.json()
    expect(error.code).toBe('VALIDATION_ERROR')
    expect(error.message).toBe('Certaines données sont invalides.')
    expect(error.fields.email).toBe('Adresse e-mail invalide.')
    expect(error.fields.password).toMatch(/./)
  })
})

describe('CSRF', () => {
  it('refuses a state-changing request without the X-XSRF-TOKEN header', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app)
    await agent.request({ url: '/api/user/me' })
    const res = await agent.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@test.fr', password: TEST_PASSWORD },
      xsrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('CSRF')
  })

  it('refuses a token bound to another client, and a token after the session changed', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const other = createAgent(t.app)
    await other.request({ url: '/api/user/me' })
    const agent = createAgent(t.app)
    await agent.request({ url: '/api/user/me' })
    const forged = await agent.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@test.fr', password: TEST_PASSWORD },
      headers: { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! },
    })
    expect(forged.statusCode).toBe(403)
    const before = agent.cookies.get('XSRF-TOKEN')
    expect((await agent.login('a@test.fr')).statusCode).toBe(200)
    expect(agent.cookies.get('XSRF-TOKEN')).not.toBe(before)
    const stale = await agent.request({
      method: 'POST',
      url: '/api/user/preference/tour',
      payload: { preferenceValue: false },
      headers: { 'x-xsrf-token': before! },
    })
    expect(stale.statusCode).toBe(403)
  })

  it('sets a readable XSRF-TOKEN cookie on the first contact', async () => {
    const res = await t.app.inject({ url: '/api/user/me' })
    expect(res.statusCode).toBe(401)
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!
    expect(xsrf.httpOnly).toBeFalsy()
    expect(xsrf.value.length).toBeGreaterThan(20)
  })
})

describe('POST /api/logout', () => {
  it('destroys the session and redirects to /login', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app)
    await agent.login('a@test.fr')
    const sid = agent.cookies.get('sid')!
    const res = await agent.request({ method: 'POST', url: '/api/logout' })
    expect(res.json()).toEqual({ ok: true, redirect: '/login' })
    expect((await agent.request({ url: '/api/user/me' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/user/me', cookies: { sid } })).statusCode).toBe(401)
  })
})

describe('POST /api/logout with this browser’s push endpoint', () => {
  const endpoint = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }

  it('forgets that browser’s subscription as it signs out, and keeps the user’s other browsers', async () => {
    const userId = (await insertUser(t.database.db, { email: 'a@test.fr' })).id
    await t.database.db.insert(pushSubscriptions).values([
      { userId, endpoint: endpoint('desk'), ...keys },
      { userId, endpoint: endpoint('phone'), ...keys },
    ])
    const agent = createAgent(t.app)
    await agent.login('a@test.fr')
    const res = await agent.request({
      method: 'POST',
      url: '/api/logout',
      payload: { pushEndpoint: endpoint('desk') },
    })
    expect(res.json()).toEqual({ ok: true, redirect: '/login' })
    expect((await agent.request({ url: '/api/user/me' })).statusCode).toBe(401)
    const left = await t.database.db.select().from(pushSubscriptions)
    expect(left.map((row) => row.endpoint)).toEqual([endpoint('phone')])
  })

  it('forgets it even when it still carries another user’s alerts (their session lapsed here)', async () => {
    const previous = (await insertUser(t.database.db, { email: 'previous@test.fr' })).id
    await insertUser(t.database.db, { email: 'b@test.fr' })
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: previous, endpoint: endpoint('desk'), ...keys })
    const agent = createAgent(t.app)
    await agent.login('b@test.fr')
    await agent.request({ method: 'POST', url: '/api/logout', payload: { pushEndpoint: endpoint('desk') } })
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([])
  })

  it('refuses a malformed endpoint (400) and keeps the session', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app)
    await agent.login('a@test.fr')
    const res = await agent.request({ method: 'POST', url: '/api/logout', payload: { pushEndpoint: 42 } })
    expect(res.statusCode).toBe(400)
    expect((await agent.request({ url: '/api/user/me' })).statusCode).toBe(200)
  })
})

describe('forgotten password', () => {
  async function waitForMail(to: string) {
    return vi.waitFor(
      async () => {
        const rows = await t.database.db.query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.to, to) })
        if (rows.length === 0) throw new Error('no mail yet')
        return rows.at(-1)!
      },
      { timeout: 5000, interval: 50 },
    )
  }

  it('sends a single-use link valid one hour, and answers the same for unknown addresses', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app)
    const unknown = await agent.request({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email: 'ghost@test.fr' },
    })
    const known = await agent.request({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email: 'a@test.fr' },
    })
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())

    const mail = await waitForMail('a@test.fr')
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.text)![1]!)
    expect((await agent.request({ url: `/api/user/token/${token}` })).json()).toEqual({ valid: true })
    expect((await agent.request({ url: '/api/user/token/not-a-real-token' })).json()).toEqual({
      valid: false,
    })

    const weak = await agent.request({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token, password: 'short' },
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().error.fields.password).toBe('Le mot de passe doit contenir au moins 8 caractères.')

    const reset = await agent.request({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token, password: 'Nouveau2026' },
    })
    expect(reset.json()).toEqual({ ok: true })
    const again = await agent.request({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token, password: 'Encore2026x' },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.code).toBe('TOKEN_INVALID')
    expect((await agent.login('a@test.fr', TEST_PASSWORD)).statusCode).toBe(401)
    expect((await agent.login('a@test.fr', 'Nouveau2026')).statusCode).toBe(200)
    expect(
      await t.database.db.query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.to, 'ghost@test.fr') }),
    ).toEqual([])
  })

  it('limits links per address silently, and a reset ends the user’s open sessions', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const signedIn = createAgent(t.app)
    await signedIn.login('a@test.fr')
    const agent = createAgent(t.app)
    for (let i = 0; i < 5; i++) {
      const res = await agent.request({
        method: 'POST',
        url: '/api/forgotPassword',
        payload: { email: 'a@test.fr' },
      })
      expect(res.json()).toEqual({ ok: true })
    }
    // Each request decided before its answer whether to send a link, and an admitted one left its
    // hit in the e-mail's bucket (refused ones are forgotten): exactly three sends were started.
    const admitted = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, 'forgot:email:a@test.fr'))
    expect(admitted).toHaveLength(3)
    // They run after the answers: wait until all three have written their mail (bounded).
    const mails = await vi.waitFor(
      async () => {
        const rows = await t.database.db.query.mailOutbox.findMany({
          where: (m, { eq: is }) => is(m.to, 'a@test.fr'),
          orderBy: (m) => m.id,
        })
        expect(rows).toHaveLength(3)
        return rows
      },
      { timeout: 5000, interval: 20 },
    )
    // Only the newest link works, but the sends overlap, so mail order need not be link order: use
    // the mail whose link is still valid.
    const tokens = mails.map((mail) => decodeURIComponent(/token=(\S+)/.exec(mail.text)![1]!))
    const validity = await Promise.all(
      tokens.map(async (candidate) => (await agent.request({ url: `/api/user/token/${candidate}` })).json()),
    )
    const token = tokens.find((_, i) => validity[i]?.valid === true)
    expect(token).toBeDefined()
    const reset = await agent.request({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token: token!, password: 'Nouveau2026' },
    })
    expect(reset.json()).toEqual({ ok: true })
    expect((await signedIn.request({ url: '/api/user/me' })).statusCode).toBe(401)
  })

  it('refuses an expired link', async () => {
    await insertUser(t.database.db, { email: 'a@test.fr' })
    const agent = createAgent(t.app)
    await agent.request({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'a@test.fr' } })
    const mail = await waitForMail('a@test.fr')
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.text)![1]!)
    vi.useFakeTimers({ now: Date.now() + 61 * 60 * 1000, toFake: ['Date'] })
    try {
      expect((await agent.request({ url: `/api/user/token/${token}` })).json()).toEqual({ valid: false })
    } finally {
      vi.useRealTimers()
    }
  })
})
