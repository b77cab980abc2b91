// Issue #14, `/activity/gamification` for supervisors: whom a manager or an administrator may choose
// (GET /api/gamification/scope) and a team's progress (GET /api/gamification/team/{teamId}), per role
// and per team.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { insertTeam } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Db } from '../../db/client.ts'
import { teamMembers, teams, users } from '../../db/schema.ts'
import { recordEvent } from '../../domain/gamification/engine.ts'
import { insertCall } from '../../../tests/factories/leads.ts'
import { firstAnsweredCallBadges } from '../../../tests/factories/first-call-badges.ts'

const t = signedInServer({
  users: {
    teleop: {},
    other: {},
    manager: { role: 'MANAGER' },
    member: { role: 'MANAGER' },
    admin: { role: 'ADMIN' },
  },
  team: ['teleop', 'manager'],
})
const { teleop, manager, member, admin } = t.agents

/**
 * Names, the fixture's team ('Équipe': teleop, managed by manager) and a second one (other; member
 * is a plain member of it).
 */
async function twoTeams() {
  const { db } = t.database
  const names = { teleop: ['Zoé', 'Bernard'], other: ['Paul', 'Arnaud'], manager: ['Marc', 'Lefèvre'] }
  for (const [key, [firstName, lastName]] of Object.entries(names))
    await db
      .update(users)
      .set({ firstName, lastName })
      .where(eq(users.id, t.users[key as keyof typeof names].id))
  const [first] = await db.select().from(teams).where(eq(teams.name, 'Équipe'))
  const second = await insertTeam(db, 'Autre équipe', [t.users.other.id])
  await db.insert(teamMembers).values({ teamId: second.id, userId: t.users.member.id, isManager: false })
  return { first: first!, second }
}

async function answeredCalls(userId: number, n: number): Promise<Date> {
  const { db } = t.database
  const startedAt = new Date(Date.now() - 60_000)
  for (let i = 0; i < n; i++) {
    const call = await insertCall(db, { userId, startedAt, answeredAt: startedAt, endedAt: startedAt })
    await db.transaction((tx) =>
      recordEvent(tx as unknown as Db, { kind: 'call-answered', userId, callId: call.id, startedAt }),
    )
  }
  return startedAt
}

describe('GET /api/gamification/scope', () => {
  it('a manager: themself and the members of the teams they manage, and those teams', async () => {
    const { first } = await twoTeams()
    const res = await manager.request({ method: 'GET', url: '/api/gamification/scope' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      agents: [
        {
          id: t.users.teleop.id,
          firstName: 'Zoé',
          lastName: 'Bernard',
          role: 'TELEOPERATOR',
          teamIds: [first.id],
        },
        {
          id: t.users.manager.id,
          firstName: 'Marc',
          lastName: 'Lefèvre',
          role: 'MANAGER',
          teamIds: [first.id],
        },
      ],
      teams: [{ id: first.id, name: 'Équipe' }],
    })
  })

  it('a manager who is a plain member of a team chooses nobody of it', async () => {
    await twoTeams()
    const res = await member.request({ method: 'GET', url: '/api/gamification/scope' })
    expect(res.json()).toEqual({
      agents: [expect.objectContaining({ id: t.users.member.id })],
      teams: [],
    })
  })

  it('an administrator: every active call-capable user by name, every open team', async () => {
    const { db } = t.database
    const { first, second } = await twoTeams()
    await db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, t.users.member.id))
    const archived = await insertTeam(db, 'Archivée', [])
    await db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, archived.id))
    const res = await admin.request({ method: 'GET', url: '/api/gamification/scope' })
    const body = res.json()
    expect(body.agents.map((a: { lastName: string }) => a.lastName)).toEqual(['Arnaud', 'Bernard', 'Lefèvre'])
    expect(body.teams).toEqual([
      { id: second.id, name: 'Autre équipe' },
      { id: first.id, name: 'Équipe' },
    ])
  })

  it('a teleoperator is refused', async () => {
    const res = await teleop.request({ method: 'GET', url: '/api/gamification/scope' })
    expect(res.statusCode).toBe(403)
  })
})

describe('GET /api/gamification/team/{teamId}', () => {
  it('a manager reads the team they manage: members by experience, level, badges, tentacalls', async () => {
    const { first } = await twoTeams()
    const startedAt = await answeredCalls(t.users.teleop.id, 3)
    const res = await manager.request({ method: 'GET', url: `/api/gamification/team/${first.id}` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ teamId: first.id, name: 'Équipe', badgeCount: 6 })
    expect(body.members).toHaveLength(2)
    expect(body.members[0]).toMatchObject({
      userId: t.users.teleop.id,
      firstName: 'Zoé',
      experiencePoints: 6,
      level: { level: 1 },
      badges: firstAnsweredCallBadges(startedAt).length,
    })
    expect(body.members[0].tentacalls).toContainEqual(
      expect.objectContaining({ id: 'decroches-consecutifs', current: 3 }),
    )
    expect(body.members[1]).toMatchObject({ userId: t.users.manager.id, experiencePoints: 0, badges: 0 })
  })

  it('another team: 403 for its plain member and for another team’s manager; an administrator reads any', async () => {
    const { first, second } = await twoTeams()
    const refused = await manager.request({ method: 'GET', url: `/api/gamification/team/${second.id}` })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(
      'Vous ne pouvez consulter que la progression des équipes que vous gérez.',
    )
    expect(
      (await member.request({ method: 'GET', url: `/api/gamification/team/${second.id}` })).statusCode,
    ).toBe(403)
    expect(
      (await admin.request({ method: 'GET', url: `/api/gamification/team/${second.id}` })).statusCode,
    ).toBe(200)
    expect(
      (await teleop.request({ method: 'GET', url: `/api/gamification/team/${first.id}` })).statusCode,
    ).toBe(403)
    const missing = await admin.request({ method: 'GET', url: '/api/gamification/team/999999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Équipe introuvable.')
    // A manager cannot tell an unknown team from another's: 403 for both.
    expect((await manager.request({ method: 'GET', url: '/api/gamification/team/999999' })).statusCode).toBe(
      403,
    )
    // An id beyond the database's integers is bad input, not a server error.
    expect(
      (await admin.request({ method: 'GET', url: '/api/gamification/team/99999999999' })).statusCode,
    ).toBe(400)
    expect((await admin.request({ method: 'GET', url: '/api/gamification/99999999999' })).statusCode).toBe(
      400,
    )
  })
})
