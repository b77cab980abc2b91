import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leadEvents, leadTags, leads, users } from '../../db/schema.ts'

let t: TestApp
let me: { id: number }
let agent: Agent

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.reset()
  me = await insertUser(t.database.db, { email: 'teleop@test.fr' })
  agent = createAgent(t.app)
  await agent.login('teleop@test.fr')
})

async function heldLeadWithEndedCall() {
  const { db } = t.database
  const fixture = await insertMission(db, { userIds: [me.id] })
  const lead = await insertLead(db, fixture.market.id, {
    processingUserId: me.id,
    processingSince: new Date(),
  })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
  const call = await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
  const tag = (label: string) => fixture.tags.find((x) => x.label === label)!
  return { ...fixture, lead, call, tag }
}

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
