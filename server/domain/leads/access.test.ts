import { describe, expect, it } from 'vitest'
import { teamMembers } from '../../db/schema.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { findVisibleLead, mayActOnLead, mayReadLead } from './access.ts'

const t = signedInServer()

describe('who may see a lead', () => {
  it('a teleoperator their missions; a manager their own and those opened to the teams they manage; an admin all', async () => {
    const { db } = t.database
    const teleop = await insertUser(db)
    const mate = await insertUser(db)
    const stranger = await insertUser(db)
    const manager = await insertUser(db, { role: 'MANAGER' })
    const admin = await insertUser(db, { role: 'ADMIN' })
    const lyon = await insertTeam(db, 'Lyon', [teleop.id, mate.id, manager.id])
    const nantes = await insertTeam(db, 'Nantes', [stranger.id])
    const opened = await insertLead(
      db,
      (await insertMission(db, { userIds: [mate.id], teamIds: [lyon.id] })).market.id,
    )
    const byManager = await insertLead(db, (await insertMission(db, { userIds: [manager.id] })).market.id)
    const byStranger = await insertLead(
      db,
      (await insertMission(db, { userIds: [stranger.id], teamIds: [nantes.id] })).market.id,
    )
    // Issue #26: a team member's mission that is not opened to the team stays out of the manager's sight.
    const byTeleop = await insertLead(db, (await insertMission(db, { userIds: [teleop.id] })).market.id)
    const seen = async (who: { id: number; role: typeof teleop.role }) => {
      const result = []
      for (const lead of [byTeleop, opened, byManager, byStranger])
        result.push(await mayReadLead(db, who, lead.id))
      return result
    }
    expect(await seen(teleop)).toEqual([true, false, false, false])
    expect(await seen(mate)).toEqual([false, true, false, false])
    expect(await seen(manager)).toEqual([false, true, true, false])
    expect(await seen(admin)).toEqual([true, true, true, true])
    await expect(findVisibleLead(db, teleop, byStranger.uuid)).rejects.toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Lead introuvable.',
    })
    expect((await findVisibleLead(db, manager, opened.id)).lead.id).toBe(opened.id)
    // A member of the team who is not flagged its manager gets nothing from the opening.
    const member = await insertUser(db, { role: 'MANAGER' })
    await db.insert(teamMembers).values({ teamId: lyon.id, userId: member.id, isManager: false })
    expect(await seen(member)).toEqual([false, false, false, false])
  })

  it('acting: a teleoperator on the lead they hold, or a free one where the action takes it', () => {
    const teleop = { id: 1, role: 'TELEOPERATOR' as const }
    const manager = { id: 2, role: 'MANAGER' as const }
    expect(mayActOnLead(teleop, { processingUserId: 1 }, { takesFreeLead: false })).toBe(true)
    expect(mayActOnLead(teleop, { processingUserId: null }, { takesFreeLead: false })).toBe(false)
    expect(mayActOnLead(teleop, { processingUserId: null }, { takesFreeLead: true })).toBe(true)
    expect(mayActOnLead(teleop, { processingUserId: 3 }, { takesFreeLead: true })).toBe(false)
    expect(mayActOnLead(manager, { processingUserId: 3 }, { takesFreeLead: false })).toBe(true)
  })
})
