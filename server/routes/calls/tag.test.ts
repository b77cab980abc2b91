import { describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertHeldLeadWithEndedCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leadEvents, leadTags, leads, tags, users } from '../../db/schema.ts'
import { recallInstant, recallMessages } from '../../../src/contracts/recall.ts'
import { XP_PER_APPOINTMENT } from '../../domain/gamification/config.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'
import { addDays, civilDateOf, isWorkingDay, type CivilDate } from '../../../src/contracts/paris-calendar.ts'

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

  it('an outcome that goes on keeps the lead and moves the step; an appointment outcome is recorded with its booking', async () => {
    const { db } = t.database
    const { lead, call, tag } = await heldLeadWithEndedCall()
    const progress = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag('Suite').id })
    expect(progress.statusCode).toBe(200)
    // Issue #11: the agent stays on the sheet, at the next step.
    expect(progress.json()).toMatchObject({ redirect: `/lead/${lead.uuid}`, step: 2, progress: true })
    let [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ step: 2, status: 'IN_PROGRESS', processingUserId: me.id })
    // A progress mark is not the call's outcome: the call still awaits it; the history ties the mark
    // to the call all the same.
    expect((await db.select().from(calls).where(eq(calls.id, call.id)))[0]!.leadTagId).toBeNull()
    const [event] = await db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(desc(leadEvents.id))
      .limit(1)
    expect(event).toMatchObject({ kind: 'tag', data: { callId: call.id, step: 2 } })
    const stale = await tagCall({ leadId: lead.id, callProcessTagId: tag('Rappeler').id })
    expect(stale.statusCode).toBe(409)
    // Issue #29 point 3: « RDV pris » alone is refused; it is recorded with its booking.
    const alone = await tagCall({ leadId: lead.id, callProcessTagId: tag('RDV pris').id })
    expect(alone.statusCode).toBe(409)
    expect(alone.json().error.message).toMatch(/avec le rendez-vous/)
    ;[after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ step: 2, status: 'IN_PROGRESS', processingUserId: me.id })
    const res = await agent.request({
      method: 'POST',
      url: `/api/lead/${lead.id}/appointment`,
      payload: {
        startsAt: offeredDays(new Date())[1]!.slots[0]!.startsAt.toISOString(),
        outcome: { callId: null, callProcessTagId: tag('RDV pris').id },
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().redirect).toBe('/home')
    // Without a call id, the untagged call on the lead was the one tagged.
    const [leadTag] = await db.select().from(leadTags).where(eq(leadTags.callId, call.id))
    expect((await db.select().from(calls).where(eq(calls.id, call.id)))[0]!.leadTagId).toBe(leadTag!.id)
    ;[after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ status: 'APPOINTMENT', processingUserId: null })
    // Issue #29: the call earns once, for its outcome ("RDV pris", 50); the progress mark earns nothing;
    // the booking earns its own points (issue #14).
    const [user] = await db.select().from(users).where(eq(users.id, me.id))
    expect(user!.experiencePoints).toBe(50 + XP_PER_APPOINTMENT)
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

  describe('an outcome that asks for the recall date (issue #11)', () => {
    /** The next working day after today, in Paris. */
    function nextWorkingDay(): CivilDate {
      let date = addDays(civilDateOf(new Date()), 1)
      while (!isWorkingDay(date)) date = addDays(date, 1)
      return date
    }

    async function heldLeadAskingDate() {
      const held = await heldLeadWithEndedCall()
      await t.database.db
        .update(tags)
        .set({ asksRecallDate: true })
        .where(eq(tags.id, held.tag('Rappeler').tagId))
      return held
    }

    it('refuses a missing, past, closed-day or out-of-hours date in French and changes nothing', async () => {
      const { db } = t.database
      const { lead, tag } = await heldLeadAskingDate()
      let saturday = addDays(civilDateOf(new Date()), 1)
      while (new Date(Date.UTC(saturday.year, saturday.month - 1, saturday.day)).getUTCDay() !== 6)
        saturday = addDays(saturday, 1)
      const cases: [Record<string, unknown>, string][] = [
        [{}, recallMessages.missing],
        [{ recallAt: 'demain' }, recallMessages.missing],
        [{ recallAt: new Date(Date.now() - 3_600_000).toISOString() }, recallMessages.past],
        [{ recallAt: recallInstant(saturday, 10 * 60).toISOString() }, recallMessages['closed-day']],
        [{ recallAt: recallInstant(nextWorkingDay(), 9 * 60).toISOString() }, recallMessages['out-of-hours']],
        [
          { recallAt: recallInstant(nextWorkingDay(), 13 * 60).toISOString() },
          recallMessages['out-of-hours'],
        ],
        [
          { recallAt: recallInstant(nextWorkingDay(), 10 * 60 + 7).toISOString() },
          recallMessages['out-of-hours'],
        ],
        [
          { recallAt: recallInstant(addDays(nextWorkingDay(), 90), 10 * 60).toISOString() },
          recallMessages['too-late'],
        ],
      ]
      for (const [details, message] of cases) {
        const res = await tagCall({ leadId: lead.id, callProcessTagId: tag('Rappeler').id, details })
        expect(res.statusCode, JSON.stringify(details)).toBe(400)
        expect(res.json().error.message).toBe(message)
      }
      const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
      expect(after).toMatchObject({ status: lead.status, recallAt: null, processingUserId: me.id })
      expect(await db.select().from(leadTags).where(eq(leadTags.leadId, lead.id))).toHaveLength(0)
    })

    it('sets the lead’s recall to the chosen Paris time and writes it in the history', async () => {
      const { db } = t.database
      const { lead, tag } = await heldLeadAskingDate()
      const at = recallInstant(nextWorkingDay(), 14 * 60 + 30)
      const res = await tagCall({
        leadId: lead.id,
        callProcessTagId: tag('Rappeler').id,
        details: { recallAt: at.toISOString() },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ redirect: '/home', progress: false })
      const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
      expect(after!.recallAt?.toISOString()).toBe(at.toISOString())
      expect(after).toMatchObject({ status: 'RECALL', processingUserId: null })
      const [event] = await db
        .select()
        .from(leadEvents)
        .where(eq(leadEvents.leadId, lead.id))
        .orderBy(desc(leadEvents.id))
        .limit(1)
      expect(event).toMatchObject({ kind: 'tag', data: { recallAt: at.toISOString() } })
    })
  })
})
