// Issue #26 point 1: a manager could assign themself (or a teleoperator of their team) to any mission,
// then extract its leads. Now a manager assigns only on the missions an administrator opened to a team
// they manage, only that team's members, never themself; and they see exactly the missions opened to
// their teams (plus any an administrator assigned them), whatever they assign.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { insertTeam } from '../../../tests/factories/users.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { extractions, missionUsers } from '../../db/schema.ts'

// `manager` manages "Équipe" (with `teleop`), which has no mission at first; `other` is outside it.
const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {}, other: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager } = t.agents
const users = t.users

const post = (who: Agent, url: string, payload: Record<string, unknown>) =>
  who.request({ method: 'POST', url, payload })
const assign = (who: Agent, missionId: number, userIds: number[]) =>
  post(who, `/api/assignments/mission/${missionId}/assign`, { userIds })
const setTeam = (missionId: number, open: boolean, teamId = t.teamId) =>
  post(admin, `/api/assignments/mission/${missionId}/${open ? 'open' : 'close'}-team`, { teamId })
const count = (missionIds: number[] = []) =>
  post(manager, '/api/extractions/count', { filters: { missionIds } })
const extract = (missionIds: number[]) =>
  post(manager, '/api/extractions', {
    filters: { missionIds },
    columns: ['firstName', 'lastName', 'phone', 'email', 'address'],
    format: 'csv',
  })

async function assignedTo(missionId: number): Promise<number[]> {
  const rows = await t.database.db.select().from(missionUsers).where(eq(missionUsers.missionId, missionId))
  return rows.map((row) => row.userId).toSorted((a, b) => a - b)
}

/** Another team's mission with leads full of personal data, worked by `other`. */
async function foreignMission() {
  const { db } = t.database
  const fixture = await insertMission(db, { name: 'Étrangère', userIds: [users.other.id] })
  for (const lastName of ['Secret', 'Caché', 'Privé'])
    await insertLead(db, fixture.market.id, { lastName, email: `${lastName}@exemple.fr`, address: '1 rue X' })
  return fixture.mission
}

describe('the attack of issue #26', () => {
  it('a manager without missions cannot give themself or their teleoperator another mission, nor extract it', async () => {
    const mission = await foreignMission()
    expect((await count([mission.id])).statusCode).toBe(404)
    for (const userId of [users.manager.id, users.teleop.id]) {
      const res = await assign(manager, mission.id, [userId])
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Mission introuvable.' })
    }
    const team = await post(manager, `/api/assignments/mission/${mission.id}/assign-team`, {
      teamId: t.teamId,
    })
    expect(team.statusCode).toBe(404)
    expect(await assignedTo(mission.id)).toEqual([users.other.id])
    const file = await extract([mission.id])
    expect(file.statusCode).toBe(404)
    // Without a mission named, the file holds what they see: none of that mission's leads.
    const all = await extract([])
    expect(all.statusCode).toBe(200)
    expect(all.body).not.toContain('Secret')
    expect((await count()).json()).toEqual({ count: 0 })
    expect(await t.database.db.select().from(extractions)).toHaveLength(1)
  })
})

describe('a mission opened to the team', () => {
  it('its manager sees it before assigning anyone, assigns its members, never themself', async () => {
    const mission = await foreignMission()
    expect((await setTeam(mission.id, true)).statusCode).toBe(200)
    // Seen through the opening: assigning changes nothing of what the manager sees.
    expect((await count([mission.id])).json()).toEqual({ count: 3 })
    const self = await assign(manager, mission.id, [users.manager.id])
    expect(self.statusCode).toBe(403)
    expect(self.json().error.message).toBe('Vos propres missions sont décidées par un administrateur.')
    expect((await assign(manager, mission.id, [users.teleop.id])).statusCode).toBe(200)
    expect(await assignedTo(mission.id)).toEqual([users.teleop.id, users.other.id].toSorted((a, b) => a - b))
    // An administrator may assign the manager; the manager may not take it back either.
    await assign(admin, mission.id, [users.manager.id])
    const unassign = await post(manager, `/api/assignments/mission/${mission.id}/unassign`, {
      userIds: [users.manager.id],
    })
    expect(unassign.statusCode).toBe(403)
    const candidates = (
      await manager.request({ url: `/api/assignments/mission/${mission.id}?assigned=false` })
    ).json()
    expect(candidates.items).toEqual([])
  })

  it('a member of another team they manage is refused until the mission is opened to that team', async () => {
    const { db } = t.database
    const mission = await foreignMission()
    await setTeam(mission.id, true)
    const nantes = await insertTeam(db, 'Nantes', [users.manager.id, users.other.id])
    const refused = await assign(manager, mission.id, [users.other.id])
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(
      `La mission n’est pas ouverte à l’équipe de ${users.other.firstName} ${users.other.lastName} : un administrateur peut la lui ouvrir.`,
    )
    const team = await post(manager, `/api/assignments/mission/${mission.id}/assign-team`, {
      teamId: nantes.id,
    })
    expect(team.statusCode).toBe(403)
    expect(team.json().error.message).toMatch(/^Cette mission n’est pas ouverte à cette équipe/)
  })

  it('a mission the manager only works (assigned by an administrator) is theirs to see, not to assign', async () => {
    const mission = await foreignMission()
    await assign(admin, mission.id, [users.manager.id])
    expect((await count([mission.id])).json()).toEqual({ count: 3 })
    const page = await manager.request({ url: `/api/assignments/mission/${mission.id}` })
    expect(page.statusCode).toBe(403)
    expect(page.json().error.message).toMatch(/^Cette mission n’est pas ouverte aux équipes que vous gérez/)
    expect((await assign(manager, mission.id, [users.teleop.id])).statusCode).toBe(403)
  })

  it('closed again, it leaves the manager’s sight at once; the members assigned stay assigned', async () => {
    const mission = await foreignMission()
    await setTeam(mission.id, true)
    await assign(manager, mission.id, [users.teleop.id])
    expect((await count()).json()).toEqual({ count: 3 })
    const closed = await setTeam(mission.id, false)
    expect(closed.statusCode).toBe(200)
    expect(closed.json().teams).toEqual([{ id: t.teamId, name: 'Équipe', archived: false, opened: false }])
    expect((await count()).json()).toEqual({ count: 0 })
    expect((await count([mission.id])).statusCode).toBe(404)
    expect(await assignedTo(mission.id)).toContain(users.teleop.id)
    const grid = (await manager.request({ url: '/api/assignments/missions' })).json()
    expect(grid.missions).toEqual([])
  })
})
