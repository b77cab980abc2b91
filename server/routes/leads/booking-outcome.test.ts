// @both-databases: the invariant « no lead Rendez-vous without an appointment » and the rollback of a
// booking whose outcome fails midway are the database's own guarantees (one transaction, unique indexes).
// Issue #29 point 3: « RDV pris » and the booking are one step (docs/domain.md "Appointments").
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertHeldLeadWithEndedCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { appointments, calls, leadEvents, leadTags, leads, users } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'
import { bookAppointment } from '../../domain/appointments/booking.ts'

const t = signedInServer({ users: { teleop: {} } })
const { teleop: me } = t.users
const { teleop: agent } = t.agents

/** Slots of the second offered day: none turns "too soon" during a test. */
const laterSlot = (index = 0) => offeredDays(new Date())[1]!.slots[index]!.startsAt

/** Leads « Rendez-vous » without an appointment in their mission's agenda: must always be none. */
async function appointmentsMissing(db: Db) {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select l.id from leads l where l.status = 'APPOINTMENT' and not exists (
      select 1 from appointments a where a.lead_id = l.id and a.cancelled_at is null)`),
  )
}

/** My held lead at the appointment step (2), my ended untagged call on it, and its tags. */
async function atAppointmentStep() {
  const { db } = t.database
  const held = await insertHeldLeadWithEndedCall(db, me.id)
  await db.update(leads).set({ step: 2, status: 'IN_PROGRESS' }).where(eq(leads.id, held.lead.id))
  return held
}

/** Everything a recorded outcome or booking would have changed, to compare before and after. */
async function footprint(db: Db, leadId: number, callId: number) {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId))
  const [call] = await db.select().from(calls).where(eq(calls.id, callId))
  const [user] = await db.select().from(users).where(eq(users.id, me.id))
  return {
    lead,
    callTag: call!.leadTagId,
    user: { processingLeadId: user!.processingLeadId, experiencePoints: user!.experiencePoints },
    tags: await db.select().from(leadTags).where(eq(leadTags.leadId, leadId)),
    events: await db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)),
    appointments: await db.select().from(appointments).where(eq(appointments.leadId, leadId)),
  }
}

const book = (leadId: number, startsAt: Date, outcome?: Record<string, unknown>) =>
  agent.request({
    method: 'POST',
    url: `/api/lead/${leadId}/appointment`,
    payload: { startsAt: startsAt.toISOString(), ...(outcome ? { outcome } : {}) },
  })

describe('« RDV pris » is recorded only with its booking', () => {
  it('POST /api/calls/tag refuses it (409, French) and changes nothing', async () => {
    const { db } = t.database
    const { lead, call, tag } = await atAppointmentStep()
    const before = await footprint(db, lead.id, call.id)
    for (const callId of [call.id, null]) {
      const res = await agent.request({
        method: 'POST',
        url: '/api/calls/tag',
        payload: { leadId: lead.id, callId, callProcessTagId: tag('RDV pris').id },
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(
        'Cette issue s’enregistre avec le rendez-vous : choisissez le créneau sur la page du rendez-vous.',
      )
    }
    expect(await footprint(db, lead.id, call.id)).toEqual(before)
    expect(await appointmentsMissing(db)).toEqual([])
  })

  it('the booking records the outcome with it: slot, lead freed « Rendez-vous », call tagged, history, points', async () => {
    const { db } = t.database
    const { lead, call, tag } = await atAppointmentStep()
    const res = await book(lead.id, laterSlot(), {
      callId: call.id,
      callProcessTagId: tag('RDV pris').id,
      details: { text: 'Madame préfère le matin' },
      comment: 'Portail vert',
    })
    expect(res.statusCode).toBe(200)
    // The lead is released by the outcome: the client chains to the next lead from /home's redirect.
    expect(res.json().redirect).toBe('/home')
    const after = await footprint(db, lead.id, call.id)
    expect(after.lead).toMatchObject({ status: 'APPOINTMENT', step: 2, processingUserId: null })
    expect(after.user.processingLeadId).toBeNull()
    expect(after.tags).toEqual([
      expect.objectContaining({ callId: call.id, userId: me.id, label: 'RDV pris', comment: 'Portail vert' }),
    ])
    expect(after.callTag).toBe(after.tags[0]!.id)
    expect(after.appointments).toEqual([
      expect.objectContaining({ startsAt: laterSlot(), cancelledAt: null, bookedByUserId: me.id }),
    ])
    expect(after.events.map((event) => event.kind).sort()).toEqual(['appointment', 'tag'])
    expect(after.user.experiencePoints).toBeGreaterThanOrEqual(50)
    expect(await appointmentsMissing(db)).toEqual([])
  })

  it('a booking whose outcome is refused leaves nothing: no slot, no outcome, the lead still held', async () => {
    const { db } = t.database
    const { lead, call, tag } = await atAppointmentStep()
    const before = await footprint(db, lead.id, call.id)
    // An outcome of another step (409), one that does not ask for an appointment (400): refused after
    // the slot was written in the same transaction.
    const outcome = (label: string) => ({ callId: call.id, callProcessTagId: tag(label).id })
    expect((await book(lead.id, laterSlot(), outcome('Rappeler'))).statusCode).toBe(409)
    await db.update(leads).set({ step: 1 }).where(eq(leads.id, lead.id))
    const plain = await book(lead.id, laterSlot(), outcome('Rappeler'))
    expect(plain.statusCode).toBe(400)
    expect(plain.json().error.message).toMatch(/ne demande pas de rendez-vous/)
    expect((await book(lead.id, laterSlot(), outcome('RDV pris'))).statusCode).toBe(409)
    await db.update(leads).set({ step: 2 }).where(eq(leads.id, lead.id))
    expect(await footprint(db, lead.id, call.id)).toEqual(before)
    expect(await appointmentsMissing(db)).toEqual([])
  })

  it('a failure after the outcome (the confirmations’ queue) undoes the outcome and the slot', async () => {
    const { db } = t.database
    const { lead, call, tag } = await atAppointmentStep()
    const before = await footprint(db, lead.id, call.id)
    await expect(
      bookAppointment(db, {
        user: me,
        leadId: lead.id,
        startsAt: laterSlot(),
        now: new Date(),
        outcome: { callId: call.id, callProcessTagId: tag('RDV pris').id, details: {}, comment: null },
        alongside: () => Promise.reject(new Error('queue down')),
      }),
    ).rejects.toThrow('queue down')
    expect(await footprint(db, lead.id, call.id)).toEqual(before)
    expect(await appointmentsMissing(db)).toEqual([])
  })

  it('a slot taken by another lead refuses the booking and its outcome (409), the call stays open', async () => {
    const { db } = t.database
    const { lead, call, tag, market, mission } = await atAppointmentStep()
    const neighbour = await insertLead(db, market.id, { status: 'APPOINTMENT' })
    const slot = offeredDays(new Date())[1]!.slots[0]!
    await db.insert(appointments).values({ leadId: neighbour.id, missionId: mission.id, ...slot })
    const before = await footprint(db, lead.id, call.id)
    const res = await book(lead.id, slot.startsAt, { callId: call.id, callProcessTagId: tag('RDV pris').id })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/créneau vient d’être réservé/)
    expect(await footprint(db, lead.id, call.id)).toEqual(before)
    // The agent picks another slot: both are recorded now.
    expect((await book(lead.id, laterSlot(1), { callProcessTagId: tag('RDV pris').id })).statusCode).toBe(200)
    expect((await db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe('APPOINTMENT')
    expect(await appointmentsMissing(db)).toEqual([])
  })
})

describe('migration 0037', () => {
  it('puts leads « Rendez-vous » without an appointment back to their step, held by nobody, with a history entry', async () => {
    const { db } = t.database
    const { market, mission } = await insertMission(db, { userIds: [me.id] })
    const slot = offeredDays(new Date())[1]!.slots[0]!
    const booked = await insertLead(db, market.id, { status: 'APPOINTMENT', step: 2 })
    await db.insert(appointments).values({ leadId: booked.id, missionId: mission.id, ...slot })
    const held = await insertLead(db, market.id, {
      status: 'APPOINTMENT',
      step: 2,
      processingUserId: me.id,
      processingSince: new Date(),
      metadata: { appointment: { startsAt: 'x', endsAt: 'y' }, source: 'import' },
    })
    await db.update(users).set({ processingLeadId: held.id }).where(eq(users.id, me.id))
    const cancelled = await insertLead(db, market.id, { status: 'APPOINTMENT', step: 3 })
    await db
      .insert(appointments)
      .values({ leadId: cancelled.id, missionId: mission.id, ...slot, cancelledAt: new Date() })
    const other = await insertLead(db, market.id, { status: 'RECALL', step: 2 })
    const untouched = await footprintOf(db, [booked.id, other.id])

    const file = path.resolve(import.meta.dirname, '../../db/migrations/0037_appointment_repair.sql')
    await db.execute(sql.raw(readFileSync(file, 'utf8')))

    expect(await appointmentsMissing(db)).toEqual([])
    const repaired = await db.select().from(leads).where(eq(leads.id, held.id))
    expect(repaired[0]).toMatchObject({
      status: 'IN_PROGRESS',
      step: 2,
      substatus: null,
      processingUserId: null,
      processingSince: null,
      metadata: { source: 'import' },
    })
    expect((await db.select().from(leads).where(eq(leads.id, cancelled.id)))[0]).toMatchObject({
      status: 'IN_PROGRESS',
      step: 3,
    })
    expect((await db.select().from(users).where(eq(users.id, me.id)))[0]!.processingLeadId).toBeNull()
    const history = await db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, held.id), isNull(leadEvents.userId)))
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'assignment',
        data: expect.objectContaining({
          action: 'released',
          repair: 'appointment-missing',
          previousStatus: 'APPOINTMENT',
          previousHolderId: me.id,
          comment: expect.stringMatching(/revient à son étape/),
        }),
      }),
    ])
    expect(await footprintOf(db, [booked.id, other.id])).toEqual(untouched)
  })
})

async function footprintOf(db: Db, ids: number[]) {
  const rows = []
  for (const id of ids) {
    rows.push({
      lead: (await db.select().from(leads).where(eq(leads.id, id)))[0],
      events: await db.select().from(leadEvents).where(eq(leadEvents.leadId, id)),
    })
  }
  return rows
}
