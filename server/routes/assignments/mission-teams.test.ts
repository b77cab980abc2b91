// Issue #26 point 1: administrators open a mission to teams (mission_teams) on its assignments page;
// the managers of those teams then see its leads and assign those teams' members to it.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertMission } from '../../../tests/factories/leads.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { missions, missionTeams, teams } from '../../db/schema.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' } } })
const { admin, manager } = t.agents

const setTeam = (missionId: number, action: 'open-team' | 'close-team', teamId: number) =>
  admin.request({
    method: 'POST',
    url: `/api/assignments/mission/${missionId}/${action}`,
    payload: { teamId },
  })

describe('opening a mission to teams', () => {
  it('opens and closes as set operations, each change audited on the mission', async () => {
    const { db } = t.database
    const { mission } = await insertMission(db)
    const lyon = await insertTeam(db, 'Lyon', [t.users.manager.id])
    const nantes = await insertTeam(db, 'Nantes', [])
    const before = (await admin.request({ url: `/api/assignments/mission/${mission.id}/teams` })).json()
    expect(before).toEqual({
      missionId: mission.id,
      teams: [
        { id: lyon.id, name: 'Lyon', archived: false, opened: false },
        { id: nantes.id, name: 'Nantes', archived: false, opened: false },
      ],
    })
    const opened = await setTeam(mission.id, 'open-team', lyon.id)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json().teams[0]).toEqual({ id: lyon.id, name: 'Lyon', archived: false, opened: true })
    // Already open: nothing changes, nothing is recorded.
    expect((await setTeam(mission.id, 'open-team', lyon.id)).statusCode).toBe(200)
    const closed = await setTeam(mission.id, 'close-team', lyon.id)
    expect(closed.json().teams.map((team: { opened: boolean }) => team.opened)).toEqual([false, false])
    expect((await setTeam(mission.id, 'close-team', lyon.id)).statusCode).toBe(200)

    const audit = (await admin.request({ url: `/api/audit/mission/${mission.id}` })).json()
    expect(audit.items).toEqual([
      expect.objectContaining({ action: 'close-team', before: { team: 'Lyon' }, after: null }),
      expect.objectContaining({ action: 'open-team', before: null, after: { team: 'Lyon' } }),
    ])
  })

  it('refuses an archived mission or team (409) and an unknown one (404), changing nothing', async () => {
    const { db } = t.database
    const { mission } = await insertMission(db)
    const team = await insertTeam(db, 'Lyon', [])
    expect((await setTeam(mission.id, 'open-team', 99_999)).json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Équipe introuvable.',
    })
    expect((await setTeam(99_999, 'open-team', team.id)).statusCode).toBe(404)
    expect((await admin.request({ url: '/api/assignments/mission/99999/teams' })).statusCode).toBe(404)
    await db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, team.id))
    const archivedTeam = await setTeam(mission.id, 'open-team', team.id)
    expect(archivedTeam.statusCode).toBe(409)
    await db.update(teams).set({ archivedAt: null }).where(eq(teams.id, team.id))
    await db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, mission.id))
    const archivedMission = await setTeam(mission.id, 'open-team', team.id)
    expect(archivedMission.statusCode).toBe(409)
    expect(archivedMission.json().error.message).toMatch(/^Cette mission est archivée/)
    expect(await db.select().from(missionTeams)).toEqual([])
  })

  it('lists an archived team only while the mission is still opened to it; managers may not change it', async () => {
    const { db } = t.database
    const { mission } = await insertMission(db)
    const team = await insertTeam(db, 'Lyon', [t.users.manager.id])
    await setTeam(mission.id, 'open-team', team.id)
    await db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, team.id))
    const list = (await admin.request({ url: `/api/assignments/mission/${mission.id}/teams` })).json()
    expect(list.teams).toEqual([{ id: team.id, name: 'Lyon', archived: true, opened: true }])
    // Closing stays possible on an archived team.
    expect((await setTeam(mission.id, 'close-team', team.id)).statusCode).toBe(200)
    const after = (await admin.request({ url: `/api/assignments/mission/${mission.id}/teams` })).json()
    expect(after.teams).toEqual([])
    const refused = await manager.request({
      method: 'POST',
      url: `/api/assignments/mission/${mission.id}/open-team`,
      payload: { teamId: team.id },
    })
    expect(refused.statusCode).toBe(403)
    expect(await db.select().from(missionTeams)).toEqual([])
  })
})

describe('missions that came with the data', () => {
  it('migration 0029 opens each mission to the non-archived teams of the users working it', async () => {
    const { db } = t.database
    const [lyonAgent, nantesAgent, loner] = [await insertUser(db), await insertUser(db), await insertUser(db)]
    const lyon = await insertTeam(db, 'Lyon', [t.users.manager.id, lyonAgent.id])
    const nantes = await insertTeam(db, 'Nantes', [nantesAgent.id])
    const archived = await insertTeam(db, 'Ancienne', [lyonAgent.id])
    await db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, archived.id))
    const x = await insertMission(db, { userIds: [lyonAgent.id] })
    const y = await insertMission(db, { userIds: [nantesAgent.id, lyonAgent.id, loner.id] })
    await insertMission(db, { userIds: [loner.id] })
    const file = path.resolve(import.meta.dirname, '../../db/migrations/0029_mission_teams.sql')
    const backfill = readFileSync(file, 'utf8').split('--> statement-breakpoint').at(-1)!
    await db.execute(sql.raw(backfill))
    const rows = await db
      .select({ missionId: missionTeams.missionId, teamId: missionTeams.teamId })
      .from(missionTeams)
      .orderBy(asc(missionTeams.missionId), asc(missionTeams.teamId))
    expect(rows).toEqual([
      { missionId: x.mission.id, teamId: lyon.id },
      { missionId: y.mission.id, teamId: lyon.id },
      { missionId: y.mission.id, teamId: nantes.id },
    ])
  })
})
