import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertHeldLeadWithEndedCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leadEvents, leadTags, leads, users } from '../../db/schema.ts'

const t = signedInServer({ users: { teleop: {} } })
const { teleop: me } = t.users
const { teleop: agent } = t.agents

const heldLeadWithEndedCall = () => insertHeldLeadWithEndedCall(t.database.db, me.id)

const tagCall = (payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url: '/api/calls/tag', payload })

describe('POST /api/calls/tag', () => {
  it('a recall outcome: status, recall time, lead freed, call tagged, history, experience, then home', async () => {
    const { db } = t.database
    const { lead, call, tag } = await heldLeadWithEndedCall()
    const before = Date.now()
    const res = await tagCall({
      leadId: lead.id,
      callId: call.id,
      callProcessTagId: tag('Rappeler').id,
      details: { a: 1 },
      comment: 'Le soir',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().redirect).toBe('/home')
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({
      status: 'RECALL',
      substatus: 'CALLBACK_REQUESTED',
      step: 1,
      processingUserId: null,
    })
    expect(after!.recallAt!.getTime()).toBeGreaterThanOrEqual(before + 120 * 60_000 - 1000)
    const [user] = await db.select().from(users).where(eq(users.id, me.id))
    expect(user).toMatchObject({ processingLeadId: null, experiencePoints: 5 })
    const [leadTag] = await db.select().from(leadTags).where(eq(leadTags.leadId, lead.id))
    expect(leadTag).toMatchObject({
      callId: call.id,
      userId: me.id,
      status: 'RECALL',
      details: { a: 1 },
      comment: 'Le soir',
    })
    const [tagged] = await db.select().from(calls).where(eq(calls.id, call.id))
    expect(tagged!.leadTagId).toBe(leadTag!.id)
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))
    expect(events.map((e) => e.kind)).toEqual(['tag'])
    // No longer blocked: the next find proceeds (nothing else to process here).
    const find = await agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    expect(find.json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
  })

  it('an outcome that goes on keeps the lead and moves the step; an appointment outcome leads to the appointment page', async () => {
    const { db } = t.database
    const { lead, call, tag } = await heldLeadWithEndedCall()
    expect(
      (await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag('Suite').id })).statusCode,
    ).toBe(200)
    let [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ step: 2, status: 'IN_PROGRESS', processingUserId: me.id })
    // Without a call id, the untagged call on the lead was the one tagged.
    expect((await db.select().from(calls).where(eq(calls.id, call.id)))[0]!.leadTagId).not.toBeNull()
    const stale = await tagCall({ leadId: lead.id, callProcessTagId: tag('Rappeler').id })
    expect(stale.statusCode).toBe(409)
    const res = await tagCall({ leadId: lead.id, callProcessTagId: tag('RDV pris').id })
    expect(res.json().redirect).toBe(`/lead/${lead.uuid}/appointment`)
    ;[after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ status: 'APPOINTMENT', processingUserId: null })
    expect((await db.select().from(users).where(eq(users.id, me.id)))[0]!.experiencePoints).toBe(60)
  })

  it('refuses a lead someone else processes, a tag of another call process, and an empty payload', async () => {
    const { db } = t.database
    const other = await insertUser(db)
    const { market, tag } = await heldLeadWithEndedCall()
    const theirs = await insertLead(db, market.id, { processingUserId: other.id })
    expect((await tagCall({ leadId: theirs.id, callProcessTagId: tag('Rappeler').id })).statusCode).toBe(403)
    const foreign = await insertMission(db)
    const mine = (await db.select().from(leads).where(eq(leads.processingUserId, me.id)))[0]!
    expect((await tagCall({ leadId: mine.id, callProcessTagId: foreign.tags[0]!.id })).statusCode).toBe(400)
    expect((await tagCall({ callProcessTagId: tag('Rappeler').id })).statusCode).toBe(400)
  })
})
