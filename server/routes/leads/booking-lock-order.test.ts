// @both-databases: the order in which a booking with its outcome and a tagging take their row locks.
// Issue #29 point 3 review: « RDV pris » booked in one tab while another tab records another outcome of
// the same call. Both lock the call, then the lead (server/domain/leads/tagging.ts); the booking used to
// lock the lead first, and PostgreSQL broke the deadlock by failing one request (500). The interleavings
// need a real PostgreSQL (PGlite runs one transaction at a time); the rounds at once run on both.
import { describe, expect, it } from 'vitest'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertHeldLeadWithEndedCall } from '../../../tests/factories/leads.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { appointments, calls, leadTags, leads } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const t = signedInServer({ users: { teleop: {} } })
const { teleop: me } = t.users
const { teleop: agent } = t.agents

const REFUSAL = 'Refus au rendez-vous'
const CALL_ALREADY_TAGGED = 'Cet appel a déjà une issue.'

type Held = Awaited<ReturnType<typeof heldAtAppointmentStep>>

/** My held lead at step 2 (« RDV pris » and a refusal), my ended call on it awaiting its outcome. */
async function heldAtAppointmentStep() {
  const { db } = t.database
  const held = await insertHeldLeadWithEndedCall(
    db,
    me.id,
    [],
    [{ stepIndex: 1, label: REFUSAL, status: 'NOT_INTERESTED', endsProcessing: true }],
  )
  await db.update(leads).set({ step: 2, status: 'IN_PROGRESS' }).where(eq(leads.id, held.lead.id))
  return held
}

/** One tab books a slot with « RDV pris »… */
const bookWithOutcome = (held: Held) =>
  agent.request({
    method: 'POST',
    url: `/api/lead/${held.lead.id}/appointment`,
    payload: {
      startsAt: offeredDays(new Date())[1]!.slots[0]!.startsAt.toISOString(),
      outcome: { callId: held.call.id, callProcessTagId: held.tag('RDV pris').id },
    },
  })

/** …the other records another outcome of the same call. */
const tagRefusal = (held: Held) =>
  agent.request({
    method: 'POST',
    url: '/api/calls/tag',
    payload: { leadId: held.lead.id, callId: held.call.id, callProcessTagId: held.tag(REFUSAL).id },
  })

/** What the two requests left: the call's one outcome, the lead, its live appointments. */
async function endState(db: Db, held: Held) {
  const tags = await db.select().from(leadTags).where(eq(leadTags.leadId, held.lead.id))
  const [call] = await db.select().from(calls).where(eq(calls.id, held.call.id))
  const [lead] = await db.select().from(leads).where(eq(leads.id, held.lead.id))
  const live = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.leadId, held.lead.id), isNull(appointments.cancelledAt)))
  return {
    outcomes: tags.map((tag) => tag.label),
    callOutcome: call!.leadTagId === tags[0]?.id,
    status: lead!.status,
    holder: lead!.processingUserId,
    appointments: live.length,
  }
}

const bookingWon = {
  outcomes: ['RDV pris'],
  callOutcome: true,
  status: 'APPOINTMENT',
  holder: null,
  appointments: 1,
}
const refusalWon = {
  outcomes: [REFUSAL],
  callOutcome: true,
  status: 'NOT_INTERESTED',
  holder: null,
  appointments: 0,
}

/** Holds the lead's row lock in a transaction of its own until `release` (a third request, say). */
async function holdLead(db: Db, leadId: number) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let locked!: () => void
  const isLocked = new Promise<void>((resolve) => (locked = resolve))
  const done = db.transaction(async (tx) => {
    await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for('update')
    locked()
    await gate
  })
  await isLocked
  return { release: () => (release(), done) }
}

/** Resolves once `count` sessions of this database wait for a lock (pg_stat_activity). */
async function waitingForLocks(db: Db, count: number) {
  for (let attempt = 0; attempt < 5_000; attempt++) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    )
    if (row && row.n >= count) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error(`${count} requests never waited for a lock together`)
}

describe('a booking with its outcome and a tagging of the same call at once', () => {
  it.skipIf(!onPostgres)(
    'the booking waits for the lead holding the call, the tagging for the call: the booking wins, no deadlock',
    async () => {
      const { db } = t.database
      const held = await heldAtAppointmentStep()
      const hold = await holdLead(db, held.lead.id)
      const booking = bookWithOutcome(held)
      await waitingForLocks(db, 1)
      const tagging = tagRefusal(held)
      await waitingForLocks(db, 2)
      await hold.release()
      const [booked, tagged] = await Promise.all([booking, tagging])
      expect([booked.statusCode, tagged.statusCode]).toEqual([200, 409])
      expect(tagged.json().error.message).toBe(CALL_ALREADY_TAGGED)
      expect(await endState(db, held)).toEqual(bookingWon)
    },
  )

  it.skipIf(!onPostgres)(
    'the tagging waits for the lead holding the call, the booking for the call: the tagging wins, no slot taken',
    async () => {
      const { db } = t.database
      const held = await heldAtAppointmentStep()
      const hold = await holdLead(db, held.lead.id)
      const tagging = tagRefusal(held)
      await waitingForLocks(db, 1)
      const booking = bookWithOutcome(held)
      await waitingForLocks(db, 2)
      await hold.release()
      const [booked, tagged] = await Promise.all([booking, tagging])
      expect([booked.statusCode, tagged.statusCode]).toEqual([409, 200])
      expect(booked.json().error.message).toBe(CALL_ALREADY_TAGGED)
      expect(await endState(db, held)).toEqual(refusalWon)
    },
  )

  it('8 rounds of both at once: one 200 and one 409 each time, never a 500, the winner’s end state', async () => {
    const { db } = t.database
    for (let round = 0; round < 8; round++) {
      const held = await heldAtAppointmentStep()
      const [booked, tagged] = await Promise.all([bookWithOutcome(held), tagRefusal(held)])
      const statuses = [booked.statusCode, tagged.statusCode]
      expect(statuses.sort()).toEqual([200, 409])
      expect(await endState(db, held)).toEqual(booked.statusCode === 200 ? bookingWon : refusalWon)
    }
  })
})
