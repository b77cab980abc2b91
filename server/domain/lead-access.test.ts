import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { insertTeam, insertUser } from '../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../tests/factories/leads.ts'
import { findVisibleLead, mayActOnLead, mayReadLead } from './lead-access.ts'

const t = signedInServer()

describe('who may see a lead', () => {
  it('a teleoperator their missions; a manager their teams’ members’ missions and their own; an admin all', async () => {
    const { db } = t.database
    const teleop = await insertUser(db)
    const mate = await insertUser(db)
    const stranger = await insertUser(db)
    const manager = await insertUser(db, { role: 'MANAGER' })
    const admin = await insertUser(db, { role: 'ADMIN' })
    await insertTeam(db, 'Lyon', [teleop.id, mate.id, manager.id])
    await insertTeam(db, 'Nantes', [stranger.id])
    const byMate = await insertLead(db, (await insertMission(db, { userIds: [mate.id] })).market.id)
    const byManager = await insertLead(db, (await insertMission(db, { userIds: [manager.id] })).market.id)
    const byStranger = await insertLead(db, (await insertMission(db, { userIds: [stranger.id] })).market.id)
    const byTeleop = await insertLead(db, (await insertMission(db, { userIds: [teleop.id] })).market.id)
    const seen = async (who: { id: number; role: typeof teleop.role }) => {
      const result = []
      for (const lead of [byTeleop, byMate, byManager, byStranger])
        result.push(await mayReadLead(db, who, lead.id))
      return result
    }
    expect(await seen(teleop)).toEqual([true, false, false, false])
    expect(await seen(manager)).toEqual([true, true, true, false])
    expect(await seen(admin)).toEqual([true, true, true, true])
    await expect(findVisibleLead(db, teleop, byStranger.uuid)).rejects.toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Lead introuvable.',
    })
    expect((await findVisibleLead(db, manager, byMate.id)).lead.id).toBe(byMate.id)
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
