// Issue #29 point 5: "Mes rappels" lists the caller's own recalls — held, or free with their outcome
// the latest — on workable leads of missions they see, in the hand-out's order (no date first, then
// oldest first); "Ma journée" counts the due ones by the same rule.
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { leadTags, missionUsers } from '../../db/schema.ts'
import type { Db } from '../../db/client.ts'
import { and, eq } from 'drizzle-orm'

const t = signedInServer({ users: { teleop: {}, other: {}, admin: { role: 'ADMIN' } } })
const { teleop: agent, other, admin } = t.agents
const HOUR = 3_600_000

async function outcome(db: Db, leadId: number, userId: number, tagId: number, ago = 0) {
  await db.insert(leadTags).values({
    leadId,
    userId,
    callProcessTagId: tagId,
    step: 1,
    status: 'RECALL',
    createdAt: new Date(Date.now() - 60_000 - ago),
  })
}

describe('GET /api/recalls/mine', () => {
  it('lists only the caller’s own workable recalls of missions they see, due first', async () => {
    const { db } = t.database
    const me = t.users.teleop
    const them = t.users.other
    const { market, tags, mission } = await insertMission(db, { userIds: [me.id, them.id] })
    const tagId = tags[0]!.id
    const now = Date.now()
    const later = await insertLead(db, market.id, { status: 'RECALL', recallAt: new Date(now + 48 * HOUR) })
    const late = await insertLead(db, market.id, {
      status: 'UNREACHABLE',
      recallAt: new Date(now - 72 * HOUR),
    })
    const undated = await insertLead(db, market.id, { status: 'RECALL', recallAt: null })
    const held = await insertLead(db, market.id, {
      status: 'RECALL',
      recallAt: new Date(now + HOUR),
      processingUserId: me.id,
    })
    for (const lead of [later, late, undated]) await outcome(db, lead.id, me.id, tagId)
    // Another agent's outcome is the latest: theirs now.
    const retagged = await insertLead(db, market.id, { status: 'RECALL', recallAt: new Date(now - HOUR) })
    await outcome(db, retagged.id, me.id, tagId, 60_000)
    await outcome(db, retagged.id, them.id, tagId)
    // Expired, closed: not workable.
    const expired = await insertLead(db, market.id, {
      status: 'RECALL',
      meetRequestDate: new Date(now - 400 * 24 * HOUR),
    })
    const closed = await insertLead(db, market.id, { status: 'APPOINTMENT' })
    for (const lead of [expired, closed]) await outcome(db, lead.id, me.id, tagId)

    const res = await agent.request({ method: 'GET', url: '/api/recalls/mine' })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as { uuid: string; heldByMe: boolean; mission: { name: string } }[]
    expect(items.map((item) => item.uuid)).toEqual([undated.uuid, late.uuid, held.uuid, later.uuid])
    expect(items.find((item) => item.uuid === held.uuid)?.heldByMe).toBe(true)
    expect(items[0]!.mission.name).toBe(mission.name)
    const theirs = (await other.request({ method: 'GET', url: '/api/recalls/mine' })).json().items
    expect(theirs.map((item: { uuid: string }) => item.uuid)).toEqual([retagged.uuid])

    const dayOf = async () => (await agent.request({ method: 'GET', url: '/api/user/me/day' })).json()
    expect((await dayOf()).recallsDue).toBe(2)
    // Removed from the mission: its free recalls are no longer theirs to see.
    await db
      .delete(missionUsers)
      .where(and(eq(missionUsers.missionId, mission.id), eq(missionUsers.userId, me.id)))
    const after = (await agent.request({ method: 'GET', url: '/api/recalls/mine' })).json().items
    expect(after.map((item: { uuid: string }) => item.uuid)).toEqual([held.uuid])
    expect((await dayOf()).recallsDue).toBe(0)
    expect((await admin.request({ method: 'GET', url: '/api/recalls/mine' })).statusCode).toBe(403)
  })
})
