// POST /api/push/subscription/change (the service worker's `pushsubscriptionchange`): called with
// no cookie and no XSRF pair, like the worker; the old endpoint names the row, which keeps its user
// and browser; unknown or inactive → 404 and nothing changes; input validated; failures rate-limited
// per address (successes never count); listed in the OpenAPI document.
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { subscriptionBody } from '../../../tests/setup/push-service.ts'
import { pushSubscriptions, rateLimitHits } from '../../db/schema.ts'
import { CHANGE_FAILURES_PER_IP } from '../../domain/push/subscriptions.ts'

const URL = '/api/push/subscription/change'

const t = signedInServer({
  users: { teleop: { headers: { 'user-agent': 'Firefox on desk 12' } }, other: { signIn: false } },
})
const { teleop } = t.agents
let teleopId: number

async function rows() {
  return t.database.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)
}

/** As the service worker sends it: no cookie, no XSRF header. */
function change(payload: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: URL, payload: payload as object, remoteAddress })
}

async function saveAs(agent: Agent) {
  const body = subscriptionBody()
  const res = await agent.request({ method: 'POST', url: '/api/push/subscription', payload: body })
  expect(res.statusCode).toBe(200)
  return body
}

beforeEach(() => {
  teleopId = t.users.teleop.id
})

describe('POST /api/push/subscription/change', () => {
  it('replaces the old endpoint’s row by the new subscription, same user and browser, with no session', async () => {
    const old = await saveAs(teleop)
    const other = createAgent(t.app)
    await other.login('other@test.fr')
    const others = await saveAs(other)
    const [before] = await rows()
    // The session may have lapsed by then: the worker does not rely on it.
    await teleop.request({ method: 'POST', url: '/api/logout' })

    const renewed = subscriptionBody()
    const res = await change({ oldEndpoint: old.endpoint, subscription: renewed })

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const after = await rows()
    expect(after.map((row) => row.endpoint).sort()).toEqual([others.endpoint, renewed.endpoint].sort())
    expect(after.find((row) => row.endpoint === renewed.endpoint)).toMatchObject({
      userId: teleopId,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
      userAgent: 'Firefox on desk 12',
      createdAt: before!.createdAt,
      lastSuccessAt: null,
    })
  })

  it('keeps the row its user’s, whoever’s session cookies come along', async () => {
    const old = await saveAs(teleop)
    const other = createAgent(t.app)
    await other.login('other@test.fr')
    const renewed = subscriptionBody()
    const res = await other.request({
      method: 'POST',
      url: URL,
      payload: { oldEndpoint: old.endpoint, subscription: renewed },
    })
    expect(res.statusCode).toBe(200)
    expect(await rows()).toMatchObject([{ userId: teleopId, endpoint: renewed.endpoint }])
  })

  it('answers 404 in French to an unknown old endpoint, and changes nothing', async () => {
    await saveAs(teleop)
    const before = await rows()
    const res = await change({
      oldEndpoint: 'https://fcm.googleapis.com/fcm/send/never-saved',
      subscription: subscriptionBody(),
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Abonnement aux alertes inconnu : réactivez les alertes depuis l’application.',
    })
    expect(await rows()).toEqual(before)
  })

  it('answers 404 for an inactive user’s subscription, and changes nothing', async () => {
    const gone = await insertUser(t.database.db, { email: 'gone@test.fr', status: 'INACTIVE' })
    const old = subscriptionBody()
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: gone.id, endpoint: old.endpoint, ...old.keys })
    const before = await rows()
    const res = await change({ oldEndpoint: old.endpoint, subscription: subscriptionBody() })
    expect(res.statusCode).toBe(404)
    expect(await rows()).toEqual(before)
  })

  it('when the page already saved the new subscription, keeps that row and drops the old one', async () => {
    const old = await saveAs(teleop)
    const saved = await saveAs(teleop)
    const res = await change({
      oldEndpoint: old.endpoint,
      subscription: { ...subscriptionBody(saved.endpoint) },
    })
    expect(res.statusCode).toBe(200)
    expect(await rows()).toMatchObject([
      { userId: teleopId, endpoint: saved.endpoint, p256dh: saved.keys.p256dh, auth: saved.keys.auth },
    ])
  })

  it('renews keys on the same endpoint', async () => {
    const old = await saveAs(teleop)
    const renewed = subscriptionBody(old.endpoint)
    expect((await change({ oldEndpoint: old.endpoint, subscription: renewed })).statusCode).toBe(200)
    expect(await rows()).toMatchObject([{ endpoint: old.endpoint, p256dh: renewed.keys.p256dh }])
  })

  it.each([
    ['no old endpoint', () => ({ subscription: subscriptionBody() })],
    [
      'an http new endpoint',
      (old: string) => ({ oldEndpoint: old, subscription: subscriptionBody('http://fcm.googleapis.com/x') }),
    ],
    [
      'a p256dh of the wrong length',
      (old: string) => ({
        oldEndpoint: old,
        subscription: { ...subscriptionBody(), keys: { p256dh: 'AAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      }),
    ],
    ['no subscription', (old: string) => ({ oldEndpoint: old })],
  ])('refuses %s (400, nothing changed)', async (_, build) => {
    const old = await saveAs(teleop)
    const before = await rows()
    const res = await change(build(old.endpoint))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('VALIDATION_ERROR')
    expect(Object.keys(res.json().error.fields ?? {})).not.toHaveLength(0)
    expect(await rows()).toEqual(before)
  })

  it('refuses a new endpoint outside the known push services (400 on subscription.endpoint)', async () => {
    const old = await saveAs(teleop)
    const before = await rows()
    const res = await change({
      oldEndpoint: old.endpoint,
      subscription: subscriptionBody('https://10.0.0.1/x'),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ 'subscription.endpoint': 'Service de notification inconnu.' })
    expect(await rows()).toEqual(before)
  })

  it(`refuses an address after ${CHANGE_FAILURES_PER_IP} unknown endpoints in 15 minutes (429)`, async () => {
    const old = await saveAs(teleop)
    const unknown = {
      oldEndpoint: 'https://fcm.googleapis.com/fcm/send/guess',
      subscription: subscriptionBody(),
    }
    for (let i = 0; i < CHANGE_FAILURES_PER_IP; i += 1)
      expect((await change(unknown, '10.0.0.7')).statusCode).toBe(404)

    const limited = await change({ oldEndpoint: old.endpoint, subscription: subscriptionBody() }, '10.0.0.7')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Trop de tentatives. Réessayez dans quelques minutes.',
    })
    expect(await rows()).toMatchObject([{ endpoint: old.endpoint }])
    // Another address is not affected.
    expect((await change(unknown, '10.0.0.8')).statusCode).toBe(404)
  })

  it('never counts successes: many browsers behind one address renew freely', async () => {
    let current = (await saveAs(teleop)).endpoint
    for (let i = 0; i < CHANGE_FAILURES_PER_IP + 3; i += 1) {
      const renewed = subscriptionBody()
      const res = await change({ oldEndpoint: current, subscription: renewed }, '10.0.0.9')
      expect(res.statusCode).toBe(200)
      current = renewed.endpoint
    }
    expect(await rows()).toMatchObject([{ userId: teleopId, endpoint: current }])
    const hits = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, 'push-change:ip:10.0.0.9'))
    expect(hits).toEqual([])
  })

  it('is listed in the OpenAPI document with its body and answers', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const route = doc.paths[URL].post
    expect(route.tags).toEqual(['push'])
    const schema = route.requestBody.content['application/json'].schema
    expect(schema.required).toEqual(['oldEndpoint', 'subscription'])
    expect(schema.properties.subscription.required).toEqual(['endpoint', 'keys'])
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '429']))
  })
})
