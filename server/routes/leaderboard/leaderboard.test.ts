// Issue #14 "The leaderboard": the figures of a scripted set of daily aggregates over each Paris
// period, the team views, who is ranked, the badges of the day, and the live signal that reaches a
// subscribed socket after a tag (docs/domain.md "Leaderboard").
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { channels } from '../../../src/contracts/live.ts'
import type { Leaderboard } from '../../../src/contracts/leaderboard.ts'
import { insertHeldLeadWithEndedCall } from '../../../tests/factories/leads.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { cookieOf, openLive, type LiveTestClient } from '../../../tests/setup/live-client.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Db } from '../../db/client.ts'
import { dailyActivity, teams, userBadges, users } from '../../db/schema.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import { readLeaderboard } from '../../domain/leaderboard/reads.ts'

const t = signedInServer({ users: { teleop: {}, other: {}, admin: { role: 'ADMIN' } } })
const { teleop: agent, other, admin } = t.agents
const opened: LiveTestClient[] = []

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterEach(() => {
  for (const client of opened.splice(0)) client.socket.terminate()
})

type Person = { firstName: string; lastName: string; role?: 'TELEOPERATOR' | 'MANAGER'; status?: 'INACTIVE' }

async function person(db: Db, { firstName, lastName, role, status }: Person, experiencePoints = 0) {
  const row = await insertUser(db, { role: role ?? 'TELEOPERATOR', status: status ?? 'ACTIVE' })
  await db.update(users).set({ firstName, lastName, experiencePoints }).where(eq(users.id, row.id))
  return row.id
}

async function day(db: Db, userId: number, date: string, xp: number, appointments = 0) {
  await db.insert(dailyActivity).values({ userId, day: date, xp, appointments })
}

/** Wednesday 25 November 2026, 10:00 in Paris. */
const NOW = new Date('2026-11-25T09:00:00Z')

/**
 * Alice (Nord) earned on the day, the Monday, the Sunday before, the 1st and the month before; Bruno
 * (Sud) on the day and the day before; Chloé (Nord) nothing; Marc, a manager of Nord, the day before;
 * Manon, a manager, nothing; Denis, deactivated, a lot.
 */
async function scriptedFloor(db: Db) {
  const alice = await person(db, { firstName: 'Alice', lastName: 'Durand' }, 1_200)
  const bruno = await person(db, { firstName: 'Bruno', lastName: 'Petit' }, 90)
  const chloe = await person(db, { firstName: 'Chloé', lastName: 'Roux' })
  const marc = await person(db, { firstName: 'Marc', lastName: 'Blanc', role: 'MANAGER' })
  const manon = await person(db, { firstName: 'Manon', lastName: 'Noir', role: 'MANAGER' })
  const denis = await person(db, { firstName: 'Denis', lastName: 'Gris', status: 'INACTIVE' })
  const nord = await insertTeam(db, 'Nord', [alice, chloe, marc])
  const sud = await insertTeam(db, 'Sud', [bruno, denis])
  await insertTeam(db, 'Encadrement', [manon])
  const archived = await insertTeam(db, 'Ancienne', [alice])
  await db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, archived.id))
  await day(db, alice, '2026-11-25', 30, 1)
  await day(db, alice, '2026-11-23', 20)
  await day(db, alice, '2026-11-22', 100)
  await day(db, alice, '2026-11-01', 5)
  await day(db, alice, '2026-10-31', 1_000)
  await day(db, bruno, '2026-11-25', 30, 2)
  await day(db, bruno, '2026-11-24', 50)
  await day(db, marc, '2026-11-24', 12)
  await day(db, denis, '2026-11-25', 500, 9)
  await db.insert(userBadges).values([
    { userId: bruno, code: 'premier-rdv', earnedAt: new Date('2026-11-25T08:00:00Z') },
    { userId: alice, code: 'premier-appel', earnedAt: new Date('2026-11-24T16:00:00Z') },
  ])
  return { alice, bruno, chloe, marc, nord: nord.id, sud: sud.id }
}

const rows = (board: Leaderboard) =>
  board.agents.map(({ name, rank, experiencePoints, appointments }) => [
    rank,
    name,
    experiencePoints,
    appointments,
  ])

describe('the leaderboard’s figures', () => {
  it('sums each Paris period from the daily aggregates, today included, and ranks the agents', async () => {
    const { db } = t.database
    await db.delete(users)
    await scriptedFloor(db)
    const today = await readLeaderboard(db, { period: 'today', teamId: null }, NOW)
    expect(today).toMatchObject({ period: 'today', teamId: null, from: '2026-11-25', to: '2026-11-25' })
    // Equal experience: more appointments first. Marc (a manager) has nothing today: not shown.
    expect(rows(today)).toEqual([
      [1, 'Bruno P.', 30, 2],
      [2, 'Alice D.', 30, 1],
      [3, 'Chloé R.', 0, 0],
    ])
    const week = await readLeaderboard(db, { period: 'week', teamId: null }, NOW)
    expect(week).toMatchObject({ from: '2026-11-23', to: '2026-11-25' })
    expect(rows(week)).toEqual([
      [1, 'Bruno P.', 80, 2],
      [2, 'Alice D.', 50, 1],
      [3, 'Marc B.', 12, 0],
      [4, 'Chloé R.', 0, 0],
    ])
    const month = await readLeaderboard(db, { period: 'month', teamId: null }, NOW)
    expect(month).toMatchObject({ from: '2026-11-01', to: '2026-11-25' })
    expect(rows(month)).toEqual([
      [1, 'Alice D.', 155, 1],
      [2, 'Bruno P.', 80, 2],
      [3, 'Marc B.', 12, 0],
      [4, 'Chloé R.', 0, 0],
    ])
  })

  it('levels from the total, teams of live teams, today’s badges, and the per-team views', async () => {
    const { db } = t.database
    await db.delete(users)
    const { alice, bruno, nord, sud } = await scriptedFloor(db)
    const board = await readLeaderboard(db, { period: 'week', teamId: null }, NOW)
    // Teams with a teleoperator, by name (Encadrement has managers only, Ancienne is archived).
    expect(board.teams).toEqual([
      { id: nord, name: 'Nord' },
      { id: sud, name: 'Sud' },
    ])
    const byId = new Map(board.agents.map((agent) => [agent.userId, agent]))
    expect(byId.get(alice)).toMatchObject({ level: 5, teamIds: [nord], initials: 'AD', badgesToday: [] })
    expect(byId.get(bruno)).toMatchObject({
      level: 1,
      teamIds: [sud],
      badgesToday: [{ id: 'premier-rdv', name: 'Premier rendez-vous', earnedAt: '2026-11-25T08:00:00.000Z' }],
    })
    const nordWeek = await readLeaderboard(db, { period: 'week', teamId: nord }, NOW)
    expect(nordWeek.teamId).toBe(nord)
    expect(rows(nordWeek)).toEqual([
      [1, 'Alice D.', 50, 1],
      [2, 'Marc B.', 12, 0],
      [3, 'Chloé R.', 0, 0],
    ])
    expect(nordWeek.teams).toEqual(board.teams)
    expect(rows(await readLeaderboard(db, { period: 'today', teamId: sud }, NOW))).toEqual([
      [1, 'Bruno P.', 30, 2],
    ])
  })
})

describe('GET /api/leaderboard', () => {
  it('answers any signed-in user with today’s board, avatars included', async () => {
    const { db } = t.database
    const me = t.users.teleop
    await db.update(users).set({ avatarVersion: 'abc' }).where(eq(users.id, me.id))
    await day(db, me.id, parisDay(new Date()), 15, 1)
    const res = await admin.request({ method: 'GET', url: '/api/leaderboard?period=today' })
    expect(res.statusCode).toBe(200)
    const board = res.json() as Leaderboard
    expect(board.agents[0]).toMatchObject({
      userId: me.id,
      rank: 1,
      experiencePoints: 15,
      appointments: 1,
      avatarUrl: `/api/user/${me.id}/avatar?v=abc`,
    })
    // The administrator is not ranked; the other teleoperator is, with nothing yet.
    expect(board.agents.map((row) => row.userId)).toEqual([me.id, t.users.other.id])
  })

  it('refuses an unknown period or team id (400) and a signed-out caller (401)', async () => {
    expect((await agent.request({ method: 'GET', url: '/api/leaderboard?period=year' })).statusCode).toBe(400)
    expect((await agent.request({ method: 'GET', url: '/api/leaderboard?teamId=abc' })).statusCode).toBe(400)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/leaderboard' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('the live leaderboard', () => {
  it('signals the `leaderboard` channel after a tag, and the next read shows it', async () => {
    const { db } = t.database
    const client = await openLive(t.app, { cookie: cookieOf(other) })
    opened.push(client)
    expect((await client.next()).event).toBe('connected')
    client.send({ type: 'subscribe', channel: channels.leaderboard() })
    expect(await client.sync()).toEqual([])
    const before = (await other.request({ method: 'GET', url: '/api/leaderboard' })).json() as Leaderboard
    expect(before.agents.find((row) => row.userId === t.users.teleop.id)?.experiencePoints).toBe(0)

    const { lead, call, tag } = await insertHeldLeadWithEndedCall(db, t.users.teleop.id)
    const tagged = await agent.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId: lead.id, callId: call.id, callProcessTagId: tag('Rappeler').id },
    })
    expect(tagged.statusCode).toBe(200)
    const signal = await client.next()
    expect(signal.event).toBe('leaderboard')
    expect(typeof (signal.data as { at: unknown }).at).toBe('string')
    // The read cached before the tag was dropped by the signal.
    const after = (await other.request({ method: 'GET', url: '/api/leaderboard' })).json() as Leaderboard
    expect(after.agents[0]).toMatchObject({ userId: t.users.teleop.id, experiencePoints: 5, rank: 1 })
  })
})
