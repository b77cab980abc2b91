// @both-databases: the live channel across two server processes.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { channels } from '../../src/contracts/live.ts'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { serverProcessesOnOneDatabase } from '../../tests/setup/test-app.ts'
import { createAgent, type Agent } from '../../tests/setup/agent.ts'
import { insertTeam, insertUser } from '../../tests/factories/users.ts'
import { cookieOf, openLive, refusedStatus, type LiveTestClient } from '../../tests/setup/live-client.ts'

const t = signedInServer({
  users: { teleop: {}, outsider: {}, manager: { role: 'MANAGER' }, admin: { role: 'ADMIN' } },
  signIn: false,
})
const opened: LiveTestClient[] = []
let ids: { teleop: number; outsider: number; manager: number; admin: number }

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
beforeEach(async () => {
  const { db } = t.database
  const { teleop, outsider, manager, admin } = t.users
  await insertTeam(db, 'Équipe A', [teleop.id, manager.id])
  await insertTeam(db, 'Équipe B', [outsider.id])
  ids = { teleop: teleop.id, outsider: outsider.id, manager: manager.id, admin: admin.id }
})
afterEach(() => {
  for (const client of opened.splice(0)) client.socket.terminate()
})

async function signIn(email: string): Promise<Agent> {
  const agent = createAgent(t.app)
  expect((await agent.login(email)).statusCode).toBe(200)
  return agent
}

/** Opens a socket for a signed-in agent and reads the `connected` event. */
async function connect(agent: Agent): Promise<LiveTestClient> {
  const client = await openLive(t.app, { cookie: cookieOf(agent) })
  opened.push(client)
  const connected = await client.next()
  expect(connected.event).toBe('connected')
  return client
}

async function subscribed(agent: Agent, ...names: string[]): Promise<LiveTestClient> {
  const client = await connect(agent)
  for (const channel of names) client.send({ type: 'subscribe', channel })
  expect(await client.sync()).toEqual([])
  return client
}

describe('live handshake', () => {
  it('refuses a handshake without a session (401) and never upgrades', async () => {
    expect(await refusedStatus(openLive(t.app))).toBe(401)
    expect(await refusedStatus(openLive(t.app, { cookie: 'sid=forged-session-id' }))).toBe(401)
  })

  it('refuses a foreign or missing Origin (403), even with a valid session', async () => {
    const cookie = cookieOf(await signIn('teleop@test.fr'))
    expect(await refusedStatus(openLive(t.app, { cookie, origin: 'https://evil.example' }))).toBe(403)
    expect(await refusedStatus(openLive(t.app, { cookie, origin: null }))).toBe(403)
  })

  it('does not upgrade on an unknown path', async () => {
    const cookie = cookieOf(await signIn('teleop@test.fr'))
    expect(await refusedStatus(openLive(t.app, { cookie, path: '/wss' }))).toBe(404)
  })

  it('says connected with the user id once the socket is authenticated', async () => {
    const client = await openLive(t.app, { cookie: cookieOf(await signIn('teleop@test.fr')) })
    opened.push(client)
    expect(await client.next()).toEqual({ event: 'connected', data: { userId: ids.teleop } })
  })
})

describe('live messages', () => {
  it('delivers a publish on a subscribed channel as { event: channel, data }', async () => {
    const client = await subscribed(await signIn('teleop@test.fr'), channels.leadUpdate(ids.teleop))
    await t.app.live.publish(channels.leadUpdate(ids.teleop), { leadId: 12, reason: 'tagged' })
    expect(await client.next()).toEqual({
      event: `user:${ids.teleop}:lead:update`,
      data: { leadId: 12, reason: 'tagged' },
    })
  })

  it('stops delivering after unsubscribe', async () => {
    const channel = channels.experience(ids.teleop)
    const client = await subscribed(await signIn('teleop@test.fr'), channel)
    client.send({ type: 'unsubscribe', channel })
    await client.sync()
    await t.app.live.publish(channel, { experiencePoints: 10, gained: 10 })
    expect(await client.sync()).toEqual([])
  })

  it('answers ping with pong', async () => {
    const client = await connect(await signIn('teleop@test.fr'))
    client.send({ type: 'ping' })
    expect(await client.next()).toEqual({ event: 'pong', data: null })
  })

  it('refuses another user’s channel to a teleoperator, in French, and delivers nothing from it', async () => {
    const client = await connect(await signIn('teleop@test.fr'))
    client.send({ type: 'subscribe', channel: channels.badge(ids.outsider) })
    expect(await client.next()).toEqual({
      event: 'error',
      data: {
        message: 'Abonnement refusé : vous n’avez pas accès à ce canal.',
        channel: `badge:${ids.outsider}`,
      },
    })
    await t.app.live.publish(channels.badge(ids.outsider), { badgeId: 'b1', earnedAt: '2025-01-01' })
    client.send({ type: 'subscribe', channel: 'user:1:secrets' })
    expect((await client.next()).data).toEqual({ message: 'Canal inconnu.', channel: 'user:1:secrets' })
    expect(await client.sync()).toEqual([])
  })

  it('answers malformed messages with an error and keeps the socket open', async () => {
    const client = await subscribed(await signIn('teleop@test.fr'), channels.tentacall(ids.teleop))
    client.send('not json')
    expect(await client.next()).toMatchObject({
      event: 'error',
      data: { message: expect.stringContaining('JSON') },
    })
    client.send({ type: 'shout', channel: 'x' })
    expect(await client.next()).toMatchObject({ event: 'error', data: { message: expect.any(String) } })
    client.send({ type: 'subscribe' })
    expect((await client.next()).event).toBe('error')
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true })
    expect((await client.next()).event).toBe('error')
    await t.app.live.publish(channels.tentacall(ids.teleop), { tentacallId: 't1', count: 2 })
    expect((await client.next()).data).toEqual({ tentacallId: 't1', count: 2 })
  })

  it('closes an oversized message (1009) while the other sockets live on', async () => {
    const channel = channels.leadUpdate(ids.teleop)
    const agent = await signIn('teleop@test.fr')
    const bystander = await subscribed(agent, channel)
    const offender = await connect(agent)
    offender.send(JSON.stringify({ type: 'ping', padding: 'x'.repeat(70_000) }))
    expect((await offender.closed).code).toBe(1009)
    await t.app.live.publish(channel, { leadId: 3 })
    expect(await bystander.next()).toEqual({ event: channel, data: { leadId: 3 } })
    expect(t.app.live.connections()).toBe(1)
  })
})

describe('live authorisation', () => {
  it('lets a manager follow a teleoperator of its team but not one outside it', async () => {
    const client = await connect(await signIn('manager@test.fr'))
    client.send({ type: 'subscribe', channel: channels.ongoingCallUpdate(ids.teleop) })
    client.send({ type: 'subscribe', channel: channels.ongoingCallUpdate(ids.outsider) })
    const [refusal] = await client.sync()
    expect(refusal).toMatchObject({
      event: 'error',
      data: { channel: channels.ongoingCallUpdate(ids.outsider) },
    })
    await t.app.live.publish(channels.ongoingCallUpdate(ids.teleop), { callId: 5, status: 'answered' })
    await t.app.live.publish(channels.ongoingCallUpdate(ids.outsider), { callId: 6, status: 'answered' })
    expect(await client.sync()).toEqual([
      { event: channels.ongoingCallUpdate(ids.teleop), data: { callId: 5, status: 'answered' } },
    ])
  })

  it('withdraws a manager’s subscription when the teleoperator leaves its team', async () => {
    const client = await subscribed(await signIn('manager@test.fr'), channels.experience(ids.teleop))
    const admin = await signIn('admin@test.fr')
    const res = await admin.request({
      method: 'PUT',
      url: `/api/user/${ids.teleop}`,
      payload: { teamIds: [], version: t.users.teleop.version },
    })
    expect(res.statusCode).toBe(200)
    expect(await client.next()).toMatchObject({
      event: 'error',
      data: {
        message: expect.stringContaining('Abonnement retiré'),
        channel: channels.experience(ids.teleop),
      },
    })
    await t.app.live.publish(channels.experience(ids.teleop), { experiencePoints: 1, gained: 1 })
    expect(await client.sync()).toEqual([])
  })

  it('re-authorises on a dev role switch instead of closing the socket', async () => {
    const admin = await signIn('admin@test.fr')
    const client = await subscribed(admin, channels.badge(ids.outsider), channels.badge(ids.admin))
    const res = await admin.request({
      method: 'POST',
      url: '/api/dev/switch-role',
      payload: { role: 'TELEOPERATOR' },
    })
    expect(res.statusCode).toBe(200)
    expect(await client.next()).toMatchObject({
      event: 'error',
      data: { channel: channels.badge(ids.outsider) },
    })
    await t.app.live.publish(channels.badge(ids.admin), { badgeId: 'b2', earnedAt: '2025-02-01' })
    expect((await client.next()).event).toBe(channels.badge(ids.admin))
  })

  it('closes the socket at once on logout (4001)', async () => {
    const agent = await signIn('teleop@test.fr')
    const client = await connect(agent)
    expect((await agent.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200)
    expect(await client.closed).toEqual({ code: 4001, reason: 'Session terminée.' })
  })

  it('closes the sockets of a deactivated user', async () => {
    const client = await connect(await signIn('teleop@test.fr'))
    const admin = await signIn('admin@test.fr')
    await admin.request({ method: 'POST', url: `/api/user/${ids.teleop}/deactivate` })
    expect((await client.closed).code).toBe(4001)
  })
})

describe('live publish', () => {
  it('rejects an unknown channel, a payload outside the channel’s schema and an oversized signal', async () => {
    await expect(t.app.live.publishUnknown('user:1:secrets', {})).rejects.toThrow('unknown channel')
    await expect(t.app.live.publishUnknown(channels.leadUpdate(1), { leadId: 'x' })).rejects.toThrow()
    await expect(
      t.app.live.publishUnknown(channels.leadUpdate(1), { leadId: 1, reason: 'x'.repeat(500) }),
    ).rejects.toThrow()
  })

  it('dev endpoint: anyone on their own channels, an administrator anywhere, validated', async () => {
    const agent = await signIn('teleop@test.fr')
    const client = await subscribed(agent, channels.leadUpdate(ids.teleop))
    const publish = (who: Agent, channel: string, data: unknown) =>
      who.request({ method: 'POST', url: '/api/dev/live/publish', payload: { channel, data } })
    expect((await publish(agent, channels.leadUpdate(ids.teleop), { leadId: 8 })).statusCode).toBe(200)
    expect(await client.next()).toEqual({ event: channels.leadUpdate(ids.teleop), data: { leadId: 8 } })
    expect((await publish(agent, channels.leadUpdate(ids.outsider), { leadId: 8 })).statusCode).toBe(403)
    const invalid = await publish(agent, channels.leadUpdate(ids.teleop), { leadId: -1 })
    expect(invalid.statusCode).toBe(400)
    expect(Object.keys(invalid.json().error.fields)).toEqual(['data.leadId'])
    expect((await publish(agent, 'nope', {})).statusCode).toBe(400)
    const admin = await signIn('admin@test.fr')
    expect((await publish(admin, channels.leadUpdate(ids.teleop), { leadId: 9 })).statusCode).toBe(200)
    expect((await client.next()).data).toEqual({ leadId: 9 })
  })
})

describe('reference data changed (issue #12)', () => {
  it('reaches every signed-in page that follows its own channel, under that channel’s name', async () => {
    const teleop = await subscribed(await signIn('teleop@test.fr'), channels.referenceData(ids.teleop))
    const manager = await subscribed(await signIn('manager@test.fr'), channels.referenceData(ids.manager))
    // Signed in but not following the channel: nothing reaches it.
    const silent = await subscribed(await signIn('outsider@test.fr'))
    await t.app.live.broadcastReferenceData({ kind: 'callProcess', id: 4 })
    expect(await teleop.next()).toEqual({
      event: channels.referenceData(ids.teleop),
      data: { kind: 'callProcess', id: 4 },
    })
    expect(await manager.next()).toEqual({
      event: channels.referenceData(ids.manager),
      data: { kind: 'callProcess', id: 4 },
    })
    expect(await silent.sync()).toEqual([])
    await expect(t.app.live.broadcastReferenceData({ kind: 'lead' as 'tag', id: 1 })).rejects.toThrow()
  })

  it('is a user’s own channel: a teleoperator may not follow another user’s', async () => {
    const client = await connect(await signIn('teleop@test.fr'))
    client.send({ type: 'subscribe', channel: channels.referenceData(ids.outsider) })
    const [refusal] = await client.sync()
    expect(refusal?.event).toBe('error')
  })
})

describe('live on an app with PUBLIC_URL', () => {
  const other = signedInServer({ config: { publicUrl: 'https://centre.example.fr' }, resetBeforeEach: false })
  let cookie: string
  beforeAll(async () => {
    await other.app.listen({ port: 0, host: '127.0.0.1' })
    await insertUser(other.database.db, { email: 'teleop@test.fr' })
    cookie = cookieOf(await other.signIn('teleop@test.fr'))
  })

  it('accepts the public origin only, whatever host the request came to', async () => {
    expect(await refusedStatus(openLive(other.app, { cookie }))).toBe(403)
    const client = await openLive(other.app, { cookie, origin: 'https://centre.example.fr' })
    expect((await client.next()).event).toBe('connected')
    client.socket.terminate()
  })

  it('closes open sockets with 1001 when the app closes', async () => {
    const client = await openLive(other.app, { cookie, origin: 'https://centre.example.fr' })
    await client.next()
    await other.app.close()
    expect((await client.closed).code).toBe(1001)
  })
})

// Two server processes on one PostgreSQL (issue #3): what one publishes reaches the other's sockets.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live across two server processes (PostgreSQL)', () => {
  const startProcess = serverProcessesOnOneDatabase()
  const start = () => startProcess({ listen: true })

  it('a publish on one process reaches a socket on the other; a logout there closes it', async () => {
    const a = await start()
    const b = await start()
    const teleop = await insertUser(a.database.db, { email: 'teleop-pg@test.fr' })
    const agent = createAgent(a.app)
    await agent.login('teleop-pg@test.fr')
    const client = await openLive(b.app, { cookie: cookieOf(agent) })
    opened.push(client)
    expect((await client.next()).event).toBe('connected')
    client.send({ type: 'subscribe', channel: channels.leadUpdate(teleop.id) })
    await client.sync()
    await a.app.live.publish(channels.leadUpdate(teleop.id), { leadId: 77, reason: 'from-a' })
    expect(await client.next(5000)).toEqual({
      event: channels.leadUpdate(teleop.id),
      data: { leadId: 77, reason: 'from-a' },
    })
    expect(b.app.live.connections()).toBe(1)
    await agent.request({ method: 'POST', url: '/api/logout' })
    expect((await client.closed).code).toBe(4001)
  })
})
