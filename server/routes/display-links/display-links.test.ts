// @both-databases: display links across server processes.
// Issue #14 "display link": an administrator's revocable, read-only access for a wall screen. The token
// is shown once and stored hashed; the screen's session reads the leaderboard and its live channel and
// nothing else; it knows no idle or absolute limit; revoking ends it at once (docs/domain.md
// "Display links").
import { createHash } from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { channels } from '../../../src/contracts/live.ts'
import type { CreatedDisplayLink, DisplayLinkList } from '../../../src/contracts/display-links.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { cookieOf, openLive, refusedStatus, type LiveTestClient } from '../../../tests/setup/live-client.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'
import { displayLinks } from '../../db/schema.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop } = t.agents
const opened: LiveTestClient[] = []

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(() => {
  vi.useRealTimers()
  for (const client of opened.splice(0)) client.socket.terminate()
})

async function createLink(name = 'Écran du plateau'): Promise<CreatedDisplayLink> {
  const res = await admin.request({ method: 'POST', url: '/api/display-links', payload: { name } })
  expect(res.statusCode).toBe(200)
  return res.json() as CreatedDisplayLink
}

/** A wall screen's browser that opened the link. */
async function openScreen(token: string, remoteAddress = '10.0.0.5'): Promise<Agent> {
  const screen = createAgent(t.app, {}, remoteAddress)
  const res = await screen.request({ method: 'POST', url: '/api/display-session', payload: { token } })
  expect(res.statusCode).toBe(200)
  return screen
}

async function screenSocket(screen: Agent): Promise<LiveTestClient> {
  const client = await openLive(t.app, { cookie: cookieOf(screen) })
  opened.push(client)
  expect(await client.next()).toEqual({ event: 'connected', data: { userId: null } })
  return client
}

describe('creating display links', () => {
  it('shows the long random token once and stores only its SHA-256', async () => {
    const { link, token } = await createLink()
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(link).toMatchObject({ name: 'Écran du plateau', revokedAt: null, lastUsedAt: null })
    expect(link.createdBy).toBe(`${t.users.admin.firstName} ${t.users.admin.lastName}`)
    const [row] = await t.database.db.select().from(displayLinks)
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'))
    expect(JSON.stringify(row)).not.toContain(token)
    const listed = await admin.request({ method: 'GET', url: '/api/display-links' })
    expect((listed.json() as DisplayLinkList).links).toEqual([link])
    expect(listed.body).not.toContain(token)
  })

  it('refuses a blank name (400) and a teleoperator (403)', async () => {
    const blank = await admin.request({ method: 'POST', url: '/api/display-links', payload: { name: '  ' } })
    expect(blank.statusCode).toBe(400)
    const refused = await teleop.request({
      method: 'POST',
      url: '/api/display-links',
      payload: { name: 'x' },
    })
    expect(refused.statusCode).toBe(403)
  })
})

describe('a display link’s session', () => {
  it('reads the leaderboard without avatars, and no other route', async () => {
    const { token } = await createLink()
    const screen = createAgent(t.app)
    const opening = await screen.request({ method: 'POST', url: '/api/display-session', payload: { token } })
    expect(opening.json()).toEqual({ name: 'Écran du plateau' })
    const cookie = opening.cookies.find((c) => c.name === 'display-link')
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' })
    const board = await screen.request({ method: 'GET', url: '/api/leaderboard?period=week' })
    expect(board.statusCode).toBe(200)
    expect(board.json().agents).toMatchObject([{ userId: t.users.teleop.id, avatarUrl: null }])
    for (const url of ['/api/user/me', `/api/gamification/${t.users.teleop.id}`, '/api/user/me/day']) {
      expect((await screen.request({ method: 'GET', url })).statusCode, url).toBe(401)
    }
    const tag = await screen.request({ method: 'POST', url: '/api/calls/tag', payload: {} })
    expect(tag.statusCode).toBe(401)
    const [row] = await t.database.db.select().from(displayLinks)
    expect(row!.lastUsedAt).not.toBeNull()
  })

  it('follows the `leaderboard` channel and is refused every other channel', async () => {
    const { token } = await createLink()
    const client = await screenSocket(await openScreen(token))
    client.send({ type: 'subscribe', channel: channels.leaderboard() })
    client.send({ type: 'subscribe', channel: channels.leadUpdate(t.users.teleop.id) })
    client.send({ type: 'subscribe', channel: channels.badge(t.users.teleop.id) })
    expect((await client.sync()).map((message) => message.data)).toEqual([
      {
        message: 'Abonnement refusé : vous n’avez pas accès à ce canal.',
        channel: `user:${t.users.teleop.id}:lead:update`,
      },
      {
        message: 'Abonnement refusé : vous n’avez pas accès à ce canal.',
        channel: `badge:${t.users.teleop.id}`,
      },
    ])
    await t.app.live.publish(channels.badge(t.users.teleop.id), { badgeId: 'x', earnedAt: 'now' })
    await t.app.live.publish(channels.leaderboard(), { at: '2026-11-26T10:00:00.000Z' })
    expect(await client.next()).toEqual({ event: 'leaderboard', data: { at: '2026-11-26T10:00:00.000Z' } })
  })

  it('knows no idle or absolute limit: 13 hours later it still reads, a user’s session does not', async () => {
    const { token } = await createLink()
    const screen = await openScreen(token)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 13 * 60 * 60_000)
    expect((await screen.request({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200)
    expect((await teleop.request({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401)
  })

  it('ends at once when the link is revoked: next request refused, socket closed, token dead', async () => {
    const { link, token } = await createLink()
    const screen = await openScreen(token)
    const client = await screenSocket(screen)
    client.send({ type: 'subscribe', channel: channels.leaderboard() })
    await client.sync()
    const revoked = await admin.request({ method: 'POST', url: `/api/display-links/${link.id}/revoke` })
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json().revokedAt).not.toBeNull()
    expect(await client.closed).toEqual({ code: 4001, reason: 'Session terminée.' })
    expect((await screen.request({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401)
    expect(await refusedStatus(openLive(t.app, { cookie: cookieOf(screen) }))).toBe(401)
    const again = createAgent(t.app)
    const reopened = await again.request({ method: 'POST', url: '/api/display-session', payload: { token } })
    expect(reopened.statusCode).toBe(404)
    expect(reopened.json().error.code).toBe('DISPLAY_LINK_INVALID')
    // Revoking twice changes nothing; an unknown link is 404.
    const twice = await admin.request({ method: 'POST', url: `/api/display-links/${link.id}/revoke` })
    expect(twice.json().revokedAt).toBe(revoked.json().revokedAt)
    const unknown = await admin.request({ method: 'POST', url: `/api/display-links/${link.id + 1}/revoke` })
    expect(unknown.statusCode).toBe(404)
  })

  it('limits token guessing per address: 10 wrong tokens, then 429 even for a right one', async () => {
    const { token } = await createLink()
    const guesser = createAgent(t.app, {}, '203.0.113.9')
    for (let i = 0; i < 10; i++) {
      const wrong = `${'x'.repeat(42)}${i}`
      const res = await guesser.request({
        method: 'POST',
        url: '/api/display-session',
        payload: { token: wrong },
      })
      expect(res.statusCode).toBe(404)
    }
    const limited = await guesser.request({ method: 'POST', url: '/api/display-session', payload: { token } })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    // Another address is not slowed down.
    await openScreen(token, '198.51.100.7')
  })
})

/** Another team, with a teleoperator, that the manager does not manage. */
async function otherTeam() {
  const stranger = await insertUser(t.database.db, { email: 'stranger@test.fr' })
  return insertTeam(t.database.db, 'Autre équipe', [stranger.id]).then((team) => ({ team, stranger }))
}

describe('a manager’s display links (issue #31)', () => {
  const create = (agent: Agent, payload: object) =>
    agent.request({ method: 'POST', url: '/api/display-links', payload })

  it('creates one for a team they manage, and none centre-wide or for another team', async () => {
    const { team } = await otherTeam()
    const own = await create(manager, { name: 'Écran de l’équipe', teamId: t.teamId })
    expect(own.statusCode).toBe(200)
    expect((own.json() as CreatedDisplayLink).link.team).toEqual({ id: t.teamId, name: 'Équipe' })

    const centreWide = await create(manager, { name: 'Hall' })
    expect(centreWide.statusCode).toBe(400)
    expect(centreWide.json().error.message).toBe('Choisissez l’équipe dont l’écran affichera le classement.')
    const other = await create(manager, { name: 'Ailleurs', teamId: team.id })
    expect(other.statusCode).toBe(403)
    expect(other.json().error.message).toBe(
      'Vous ne pouvez créer un lien d’affichage que pour une équipe que vous encadrez.',
    )
    expect((await create(manager, { name: 'Nulle part', teamId: 999_999 })).statusCode).toBe(403)
    expect((await t.database.db.select().from(displayLinks)).map((row) => row.name)).toEqual([
      'Écran de l’équipe',
    ])

    // An administrator: centre-wide or any team; an unknown team is 404.
    expect((await create(admin, { name: 'Hall' })).json().link.team).toBeNull()
    expect((await create(admin, { name: 'Autre', teamId: team.id })).json().link.team.id).toBe(team.id)
    expect((await create(admin, { name: 'X', teamId: 999_999 })).statusCode).toBe(404)
  })

  it('lists and revokes only their teams’ links; others answer 404 and stay in force', async () => {
    const { team } = await otherTeam()
    const hall = (await create(admin, { name: 'Hall' })).json() as CreatedDisplayLink
    const foreign = (await create(admin, { name: 'Autre', teamId: team.id })).json() as CreatedDisplayLink
    const own = (await create(admin, { name: 'Plateau', teamId: t.teamId })).json() as CreatedDisplayLink

    const listed = (
      await manager.request({ method: 'GET', url: '/api/display-links' })
    ).json() as DisplayLinkList
    expect(listed.links.map((link) => link.name)).toEqual(['Plateau'])
    // The form offers the manager their own team only, and no centre-wide link.
    expect(listed.teams).toEqual([{ id: t.teamId, name: 'Équipe' }])
    expect(listed.centreWide).toBe(false)
    const all = (await admin.request({ method: 'GET', url: '/api/display-links' })).json() as DisplayLinkList
    expect(all.links).toHaveLength(3)
    expect(all.teams.map((one) => one.name)).toEqual(['Autre équipe', 'Équipe'])
    expect(all.centreWide).toBe(true)

    for (const { link } of [hall, foreign]) {
      const refused = await manager.request({ method: 'POST', url: `/api/display-links/${link.id}/revoke` })
      expect(refused.statusCode).toBe(404)
      expect(refused.json().error.message).toBe('Lien d’affichage introuvable.')
    }
    const revoked = await manager.request({ method: 'POST', url: `/api/display-links/${own.link.id}/revoke` })
    expect(revoked.statusCode).toBe(200)
    const rows = await t.database.db.select().from(displayLinks)
    expect(Object.fromEntries(rows.map((row) => [row.name, row.revokedAt !== null]))).toEqual({
      Hall: false,
      Autre: false,
      Plateau: true,
    })
    expect(rows.find((row) => row.name === 'Plateau')!.revokedBy).toBe(t.users.manager.id)
  })

  it('opens a screen that shows the team’s leaderboard only, whatever the query asks', async () => {
    const { team, stranger } = await otherTeam()
    const { token } = (
      await create(manager, { name: 'Plateau', teamId: t.teamId })
    ).json() as CreatedDisplayLink
    const screen = await openScreen(token)
    for (const url of ['/api/leaderboard', `/api/leaderboard?teamId=${team.id}`]) {
      const board = await screen.request({ method: 'GET', url })
      expect(board.statusCode, url).toBe(200)
      expect(board.json().teamId, url).toBe(t.teamId)
      expect(board.json().teams, url).toEqual([{ id: t.teamId, name: 'Équipe' }])
      expect(
        board.json().agents.map((agent: { userId: number }) => agent.userId),
        url,
      ).toEqual([t.users.teleop.id])
    }
    // A centre-wide link still shows everyone, and every team's view.
    const hall = await openScreen(
      ((await create(admin, { name: 'Hall' })).json() as CreatedDisplayLink).token,
    )
    const board = (await hall.request({ method: 'GET', url: '/api/leaderboard' })).json()
    expect(board.teamId).toBeNull()
    expect(board.agents.map((agent: { userId: number }) => agent.userId).sort()).toEqual(
      [t.users.teleop.id, stranger.id].sort(),
    )
    expect(board.teams).toHaveLength(2)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('display links across server processes (PostgreSQL)', () => {
  const startProcess = serverProcessesOnOneDatabase()
  const start = () => startProcess({ listen: true })

  it('a signal of one process reaches the screen on another; the screen outlives a restart; a revocation closes it', async () => {
    const a = await start()
    const b = await start()
    await insertUser(a.database.db, { email: 'admin-pg@test.fr', role: 'ADMIN' })
    const administrator = createAgent(a.app)
    await administrator.login('admin-pg@test.fr')
    const created = await administrator.request({
      method: 'POST',
      url: '/api/display-links',
      payload: { name: 'Hall' },
    })
    const { link, token } = created.json() as CreatedDisplayLink
    const screen = createAgent(b.app)
    await screen.request({ method: 'POST', url: '/api/display-session', payload: { token } })
    const client = await openLive(b.app, { cookie: cookieOf(screen) })
    opened.push(client)
    expect((await client.next()).event).toBe('connected')
    client.send({ type: 'subscribe', channel: channels.leaderboard() })
    await client.sync()
    a.app.leaderboard.changed()
    expect((await client.next(5000)).event).toBe('leaderboard')

    // Another process (a restart) honours the same cookie: the link lives in the database.
    const c = await start()
    const board = await c.app.inject({
      method: 'GET',
      url: '/api/leaderboard',
      headers: { cookie: cookieOf(screen) },
    })
    expect(board.statusCode).toBe(200)

    await administrator.request({ method: 'POST', url: `/api/display-links/${link.id}/revoke` })
    expect((await client.closed).code).toBe(4001)
  })
})
