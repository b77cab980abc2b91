// Push subscription routes (issue #5): access, validation, one row per browser that moves to the
// user who subscribed last, deletion of one's own only, the cap per user, and the VAPID key.
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { subscriptionBody } from '../../../tests/setup/push-service.ts'
import { appSecrets, pushSubscriptions, users } from '../../db/schema.ts'
import { loadVapidKeys } from '../../push/vapid.ts'
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../domain/push/subscriptions.ts'

const userAgentOf = (email: string) => ({ headers: { 'user-agent': `agent of ${email}` } })
const t = signedInServer({
  users: { teleop: userAgentOf('teleop@test.fr'), other: { signIn: false } },
})
const { teleop } = t.agents
let teleopId: number
let otherId: number

beforeEach(() => {
  teleopId = t.users.teleop.id
  otherId = t.users.other.id
})

async function rows() {
  return t.database.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)
}

function as(email: string) {
  return t.signIn(email, userAgentOf(email))
}

describe('push routes', () => {
  it('refuses a signed-out caller (401) on the subscription routes; the public key is public', async () => {
    const anonymous = createAgent(t.app)
    const key = await anonymous.request({ url: '/api/push/public-key' })
    expect(key.statusCode).toBe(200)
    expect(key.json()).toEqual({ publicKey: t.app.push.publicKey })
    const post = await anonymous.request({
      method: 'POST',
      url: '/api/push/subscription',
      payload: subscriptionBody(),
    })
    expect(post.statusCode).toBe(401)
    const del = await anonymous.request({
      method: 'DELETE',
      url: '/api/push/subscription',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
    })
    expect(del.statusCode).toBe(401)
  })

  it('refuses a write without the XSRF header (403)', async () => {
    const res = await teleop.request({
      method: 'POST',
      url: '/api/push/subscription',
      payload: subscriptionBody(),
      xsrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(await rows()).toHaveLength(0)
  })

  it('gives the VAPID public key, the same one on every call and for every user', async () => {
    const first = (await teleop.request({ url: '/api/push/public-key' })).json()
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    const other = await as('other@test.fr')
    expect((await other.request({ url: '/api/push/public-key' })).json()).toEqual(first)
    expect(first.publicKey).toBe(t.app.push.publicKey)
  })

  it('saves a subscription with the browser’s keys and user agent', async () => {
    const body = subscriptionBody()
    const res = await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: body })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect(await rows()).toMatchObject([
      {
        userId: teleopId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: 'agent of teleop@test.fr',
        lastSuccessAt: null,
      },
    ])
  })

  it.each([
    ['an http endpoint', { endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }],
    ['a non-URL endpoint', { endpoint: 'pas une adresse' }],
    ['a p256dh of the wrong length', { keys: { p256dh: 'AAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    ['an auth secret that is not base64url', { keys: { auth: '!!!!!!!!!!!!!!!!!!!!!!' } }],
    ['missing keys', { keys: undefined }],
  ])('refuses %s (400, nothing saved)', async (_, change) => {
    const base = subscriptionBody()
    const payload = {
      ...base,
      ...change,
      ...('keys' in change && change.keys ? { keys: { ...base.keys, ...change.keys } } : {}),
    }
    const res = await teleop.request({ method: 'POST', url: '/api/push/subscription', payload })
    expect(res.statusCode).toBe(400)
    expect(await rows()).toHaveLength(0)
  })

  it.each([
    'https://127.0.0.1/push',
    'https://intranet.example.fr/push',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
  ])('refuses an endpoint outside the known push services: %s', async (endpoint) => {
    const res = await teleop.request({
      method: 'POST',
      url: '/api/push/subscription',
      payload: subscriptionBody(endpoint),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toHaveProperty('endpoint')
    expect(await rows()).toHaveLength(0)
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGuQyavXuu',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('accepts the push service of a browser: %s', async (endpoint) => {
    const res = await teleop.request({
      method: 'POST',
      url: '/api/push/subscription',
      payload: subscriptionBody(endpoint),
    })
    expect(res.statusCode).toBe(200)
  })

  it('keeps one row per browser: the same endpoint again updates the keys', async () => {
    const body = subscriptionBody()
    await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: body })
    const renewed = { ...subscriptionBody(body.endpoint) }
    await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: renewed })
    expect(await rows()).toMatchObject([{ userId: teleopId, p256dh: renewed.keys.p256dh }])
  })

  it('moves a browser’s subscription to the user who subscribes with it last (shared workstation)', async () => {
    const body = subscriptionBody()
    await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: body })
    const other = await as('other@test.fr')
    await other.request({ method: 'POST', url: '/api/push/subscription', payload: body })
    expect(await rows()).toMatchObject([{ userId: otherId, endpoint: body.endpoint }])
  })

  it(`keeps the ${MAX_SUBSCRIPTIONS_PER_USER} newest browsers of a user`, async () => {
    const endpoints: string[] = []
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i += 1) {
      const body = subscriptionBody()
      endpoints.push(body.endpoint)
      await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: body })
    }
    const kept = (await rows()).map((row) => row.endpoint)
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER)
    expect(kept).not.toContain(endpoints[0])
  })

  it('deletes one’s own subscription, never another user’s (same answer either way)', async () => {
    const mine = subscriptionBody()
    const theirs = subscriptionBody()
    await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: mine })
    const other = await as('other@test.fr')
    await other.request({ method: 'POST', url: '/api/push/subscription', payload: theirs })

    const foreign = await teleop.request({
      method: 'DELETE',
      url: '/api/push/subscription',
      payload: { endpoint: theirs.endpoint },
    })
    expect(foreign.statusCode).toBe(200)
    expect(foreign.json()).toEqual({ ok: true })
    const own = await teleop.request({
      method: 'DELETE',
      url: '/api/push/subscription',
      payload: { endpoint: mine.endpoint },
    })
    expect(own.json()).toEqual({ ok: true })
    expect(await rows()).toMatchObject([{ userId: otherId, endpoint: theirs.endpoint }])
  })

  it('refuses a delete without an endpoint (400)', async () => {
    const res = await teleop.request({ method: 'DELETE', url: '/api/push/subscription', payload: {} })
    expect(res.statusCode).toBe(400)
  })

  it('drops the subscriptions of a deleted user with them', async () => {
    await teleop.request({ method: 'POST', url: '/api/push/subscription', payload: subscriptionBody() })
    await t.database.db.delete(users).where(eq(users.id, teleopId))
    expect(await rows()).toHaveLength(0)
  })
})

describe('VAPID keys', () => {
  it('are generated once and shared: processes starting together agree on one pair', async () => {
    // The app stored its pair at start: the same pair is read again.
    const settings = { vapidPublicKey: undefined, vapidPrivateKey: undefined, vapidSubject: 'mailto:a@b.fr' }
    expect((await loadVapidKeys(t.database.db, settings)).publicKey).toBe(t.app.push.publicKey)
    // A fresh database: three processes generating at once end up with the first one's pair.
    await t.database.db.delete(appSecrets).where(eq(appSecrets.name, 'vapid'))
    const pairs = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.database.db, settings)))
    expect(new Set(pairs.map((pair) => `${pair.publicKey}/${pair.privateKey}`)).size).toBe(1)
    expect(await loadVapidKeys(t.database.db, settings)).toEqual(pairs[0])
  })

  it('come from the environment when set, both or neither', async () => {
    const pair = webpush.generateVAPIDKeys()
    const env = {
      vapidPublicKey: pair.publicKey,
      vapidPrivateKey: pair.privateKey,
      vapidSubject: 'mailto:ops@example.fr',
    }
    expect(await loadVapidKeys(t.database.db, env)).toEqual({
      publicKey: env.vapidPublicKey,
      privateKey: env.vapidPrivateKey,
      subject: env.vapidSubject,
    })
    await expect(loadVapidKeys(t.database.db, { ...env, vapidPrivateKey: undefined })).rejects.toThrow(
      /together/,
    )
    await expect(loadVapidKeys(t.database.db, { ...env, vapidPublicKey: 'short' })).rejects.toThrow(/P-256/)
  })
})
