import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { missionUsers, missions } from '../../db/schema.ts'
import type { Agent } from '../../../tests/setup/agent.ts'

// `manager` manages the team "Équipe" of `teleop`; `other` is in no team of theirs. A manager's
// missions are those opened to their team (issue #26; the attack of the issue: assignment-scope.test.ts).
const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {}, other: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop, other } = t.agents
const users = t.users

const post = (who: Agent, url: string, payload: Record<string, unknown>) =>
  who.request({ method: 'POST', url: `/api/assignments/${url}`, payload })
const assign = (who: Agent, missionId: number, userIds: number[]) =>
  post(who, `mission/${missionId}/assign`, { userIds })
const unassign = (who: Agent, missionId: number, userIds: number[]) =>
  post(who, `mission/${missionId}/unassign`, { userIds })
const find = (who: Agent) => who.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })

async function assignedTo(missionId: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ userId: missionUsers.userId })
    .from(missionUsers)
    .where(eq(missionUsers.missionId, missionId))
  return rows.map((row) => row.userId).toSorted((a, b) => a - b)
}

describe('assigning users to a mission', () => {
  it('adds and removes many at once, as set operations, each change audited on the mission', async () => {
    const { mission } = await insertMission(t.database.db)
    const ids = [users.teleop.id, users.other.id].toSorted((a, b) => a - b)
    const added = await assign(admin, mission.id, [...ids, users.teleop.id])
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toEqual({ missionId: mission.id, changedUserIds: ids })
    expect(await assignedTo(mission.id)).toEqual(ids)
    // Already assigned: nothing changes, nothing is recorded.
    expect((await assign(admin, mission.id, [users.teleop.id])).json().changedUserIds).toEqual([])
    const removed = await unassign(admin, mission.id, [users.other.id])
    expect(removed.json().changedUserIds).toEqual([users.other.id])
    expect(await assignedTo(mission.id)).toEqual([users.teleop.id])

    const audit = (await admin.request({ url: `/api/audit/mission/${mission.id}` })).json()
    expect(audit.total).toBe(3)
    expect(audit.items[0]).toMatchObject({
      action: 'unassign',
      user: { id: users.admin.id },
      before: { userId: users.other.id, user: `${users.other.firstName} ${users.other.lastName}` },
    })
    expect(audit.items.filter((entry: { action: string }) => entry.action === 'assign')).toHaveLength(2)
  })

  it('reads the grid (non-archived missions as columns) and the mission’s list with search and pages', async () => {
    const { mission } = await insertMission(t.database.db, { name: 'Alpha', userIds: [users.teleop.id] })
    const { mission: archived } = await insertMission(t.database.db, { name: 'Zeta' })
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, archived.id))
    const grid = (await admin.request({ url: '/api/assignments/missions?pageSize=2' })).json()
    expect(grid.missions.map((m: { name: string }) => m.name)).toEqual(['Alpha'])
    expect(grid).toMatchObject({ total: 4, page: 1, pageSize: 2 })
    const row = (
      await admin.request({ url: `/api/assignments/missions?search=${users.teleop.lastName}` })
    ).json()
    expect(row.items).toEqual([expect.objectContaining({ id: users.teleop.id, missionIds: [mission.id] })])

    const list = (await admin.request({ url: `/api/assignments/mission/${mission.id}` })).json()
    expect(list.mission).toMatchObject({ id: mission.id, name: 'Alpha' })
    expect(list.items.map((u: { id: number }) => u.id)).toEqual([users.teleop.id])
    const candidates = (
      await admin.request({ url: `/api/assignments/mission/${mission.id}?assigned=false&search=manager` })
    ).json()
    expect(candidates.items.map((u: { id: number }) => u.id)).toEqual([users.manager.id])
    expect((await admin.request({ url: '/api/assignments/missions?pageSize=101' })).statusCode).toBe(400)
    expect((await admin.request({ url: '/api/assignments/mission/99999' })).statusCode).toBe(404)
  })

  it('refuses an archived mission and an unknown user, changing nothing', async () => {
    const { mission } = await insertMission(t.database.db)
    const unknown = await assign(admin, mission.id, [users.teleop.id, 999_999])
    expect(unknown.statusCode).toBe(404)
    expect(await assignedTo(mission.id)).toEqual([])
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, mission.id))
    const res = await assign(admin, mission.id, [users.teleop.id])
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/^Cette mission est archivée/)
    const empty = await assign(admin, mission.id, [])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields).toEqual({ userIds: 'Choisissez au moins un utilisateur.' })
  })
})

describe('adding a whole team', () => {
  it('adds its active teleoperators and managers, not its inactive members nor administrators, and opens the mission to it', async () => {
    const { db } = t.database
    const inactive = await insertUser(db, { status: 'INACTIVE' })
    const adminMember = await insertUser(db, { role: 'ADMIN' })
    const team = await insertTeam(db, 'Lyon', [
      users.teleop.id,
      users.manager.id,
      inactive.id,
      adminMember.id,
    ])
    const { mission } = await insertMission(db)
    const res = await post(admin, `mission/${mission.id}/assign-team`, { teamId: team.id })
    expect(res.statusCode, res.body).toBe(200)
    const expected = [users.teleop.id, users.manager.id].toSorted((a, b) => a - b)
    expect(res.json().changedUserIds).toEqual(expected)
    expect(await assignedTo(mission.id)).toEqual(expected)
    const audit = (await admin.request({ url: `/api/audit/mission/${mission.id}` })).json()
    expect(audit.items[0].after).toMatchObject({ team: 'Lyon' })
    expect(audit.items.map((entry: { action: string }) => entry.action).toSorted()).toEqual([
      'assign',
      'assign',
      'open-team',
    ])
    // Adding a whole team opens the mission to it: its managers see the mission's leads.
    const teams = (await admin.request({ url: `/api/assignments/mission/${mission.id}/teams` })).json()
    expect(teams.teams).toContainEqual({ id: team.id, name: 'Lyon', archived: false, opened: true })
    expect((await post(admin, `mission/${mission.id}/assign-team`, { teamId: 99_999 })).statusCode).toBe(404)
  })
})

describe('who may assign', () => {
  it('a manager assigns the members of the teams they manage; anyone else is a user that does not exist', async () => {
    const { db } = t.database
    const { mission } = await insertMission(db, { teamIds: [t.teamId] })
    expect((await assign(manager, mission.id, [users.teleop.id])).statusCode).toBe(200)
    const outside = await assign(manager, mission.id, [users.other.id])
    // Issue #26: the very answer for an id nobody has.
    const nobody = await assign(manager, mission.id, [999_999])
    expect(outside.statusCode).toBe(404)
    expect(outside.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Utilisateur introuvable.' } })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json()).toEqual(outside.json())
    // One outsider in the batch: nothing changes.
    await unassign(manager, mission.id, [users.teleop.id])
    expect((await assign(manager, mission.id, [users.teleop.id, users.other.id])).statusCode).toBe(404)
    expect(await assignedTo(mission.id)).toEqual([])
    expect((await unassign(manager, mission.id, [users.other.id])).statusCode).toBe(404)
    // The grid shows the manager their teams' members only, against the missions opened to them.
    await insertMission(db, { name: 'Fermée' })
    const grid = (await manager.request({ url: '/api/assignments/missions' })).json()
    expect(grid.items.map((u: { id: number }) => u.id).toSorted()).toEqual(
      [users.manager.id, users.teleop.id].toSorted(),
    )
    expect(grid.missions.map((m: { id: number }) => m.id)).toEqual([mission.id])
  })

  it('a manager adds a team they manage, not another; teams membership stays with administrators', async () => {
    const { db } = t.database
    const { mission } = await insertMission(db, { teamIds: [t.teamId] })
    const [mine] = (await manager.request({ url: '/api/teams' })).json().items
    const added = await post(manager, `mission/${mission.id}/assign-team`, { teamId: mine.id })
    expect(added.statusCode).toBe(200)
    // Never themself (issue #26): their own missions are an administrator's decision.
    expect(added.json().changedUserIds).toEqual([users.teleop.id])
    const strange = await insertTeam(db, 'Nantes', [users.other.id])
    const res = await post(manager, `mission/${mission.id}/assign-team`, { teamId: strange.id })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('Vous ne pouvez affecter que les équipes que vous gérez.')
    expect((await manager.request({ url: '/api/assignments/teams' })).statusCode).toBe(403)
    const member = await manager.request({
      method: 'PUT',
      url: `/api/team/${mine.id}/member/${users.other.id}`,
    })
    expect(member.statusCode).toBe(403)
  })

  it('a teleoperator gets 403 on every assignments endpoint', async () => {
    const { mission } = await insertMission(t.database.db)
    for (const res of [
      await teleop.request({ url: '/api/assignments/missions' }),
      await teleop.request({ url: '/api/assignments/teams' }),
      await teleop.request({ url: `/api/assignments/mission/${mission.id}` }),
      await assign(teleop, mission.id, [users.teleop.id]),
      await unassign(teleop, mission.id, [users.teleop.id]),
      await post(teleop, `mission/${mission.id}/assign-team`, { teamId: 1 }),
      await teleop.request({ url: `/api/assignments/mission/${mission.id}/teams` }),
      await post(teleop, `mission/${mission.id}/open-team`, { teamId: 1 }),
      await post(teleop, `mission/${mission.id}/close-team`, { teamId: 1 }),
    ])
      expect(res.statusCode).toBe(403)
  })
})

describe('a change takes effect at once', () => {
  it('the next find hands a newly assigned user the mission’s lead; a removed one gets none', async () => {
    const { db } = t.database
    const { mission, market } = await insertMission(db)
    await insertLead(db, market.id)
    expect((await find(other)).json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
    await assign(admin, mission.id, [users.other.id])
    await unassign(admin, mission.id, [users.other.id])
    expect((await find(other)).json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
    await assign(admin, mission.id, [users.other.id])
    expect((await find(other)).json().redirect).toMatch(/^\/lead\//)
  })

  it('a teleoperator removed while holding a lead keeps it until tagged, then gets none', async () => {
    const { db } = t.database
    const { mission, market, tags } = await insertMission(db, { userIds: [users.other.id] })
    const lead = await insertLead(db, market.id)
    expect((await find(other)).json().redirect).toBe(`/lead/${lead.uuid}`)
    await unassign(admin, mission.id, [users.other.id])
    expect(
      await db
        .select()
        .from(missionUsers)
        .where(and(eq(missionUsers.userId, users.other.id))),
    ).toEqual([])
    // The sheet still opens, and the outcome of their call is recorded.
    expect((await other.request({ url: `/api/lead/${lead.uuid}` })).statusCode).toBe(200)
    await insertCall(db, { userId: users.other.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
    const tagged = await other.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: {
        leadId: lead.id,
        callId: null,
        callProcessTagId: tags.find((x) => x.label === 'Rappeler')!.id,
      },
    })
    expect(tagged.statusCode, tagged.body).toBe(200)
    // Tagged and freed: the lead is no longer theirs to see, and nothing else is handed out.
    expect((await other.request({ url: `/api/lead/${lead.uuid}` })).statusCode).toBe(404)
    expect((await find(other)).json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
  })
})
