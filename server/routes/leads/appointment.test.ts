import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { appointments, leadEvents, leadTags, leads, users } from '../../db/schema.ts'
import { offeredDays, type Slot } from '../../domain/appointments/slots.ts'
import { bookAppointment } from '../../domain/appointments/booking.ts'

const HOUR = 60 * 60_000
const t = signedInServer({
  users: { teleop: {}, manager: { role: 'MANAGER' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'manager'],
})
const { teleop: me } = t.users
const { teleop: agent, manager } = t.agents

/** Slots of the second offered day: far enough from now that none turns "too soon" during a test. */
function laterSlots(): Slot[] {
  return offeredDays(new Date())[1]!.slots
}

async function heldLead() {
  const { db } = t.database
  const fixture = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
  const lead = await insertLead(db, fixture.market.id, {
    step: 2,
    status: 'IN_PROGRESS',
    processingUserId: me.id,
    processingSince: new Date(),
  })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
  return { ...fixture, lead }
}

const book = (who: Agent, leadRef: number | string, startsAt: Date | string) =>
  who.request({
    method: 'POST',
    url: `/api/lead/${leadRef}/appointment`,
    payload: { startsAt: typeof startsAt === 'string' ? startsAt : startsAt.toISOString() },
  })

const availabilities = (who: Agent, leadRef: number | string) =>
  who.request({ url: `/api/lead/${leadRef}/appointment-availabilities` })

type Day = { date: string; slots: { startsAt: string }[] }
const freeStarts = (body: { days: Day[] }) => body.days.flatMap((day) => day.slots.map((s) => s.startsAt))

describe('GET /api/lead/{leadId}/appointment-availabilities', () => {
  it('lists the working days of 3 weeks with their free slots, for the lead’s mission only', async () => {
    const { db } = t.database
    const { lead, mission } = await heldLead()
    const other = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const [taken, free] = laterSlots()
    const neighbour = await insertLead(db, lead.marketId)
    const elsewhere = await insertLead(db, other.market.id)
    await db.insert(appointments).values([
      { leadId: neighbour.id, missionId: mission.id, startsAt: taken!.startsAt, endsAt: taken!.endsAt },
      { leadId: elsewhere.id, missionId: other.mission.id, startsAt: free!.startsAt, endsAt: free!.endsAt },
    ])

    const res = await availabilities(agent, lead.uuid)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      timeZone: 'Europe/Paris',
      durationMinutes: 60,
      current: null,
      canBook: true,
    })
    expect(body.days.map((d: Day) => d.date)).toEqual(offeredDays(new Date()).map((d) => d.date))
    const starts = freeStarts(body)
    expect(starts).not.toContain(taken!.startsAt.toISOString())
    expect(starts).toContain(free!.startsAt.toISOString())
    expect((await availabilities(agent, lead.id)).json().days).toEqual(body.days)
  })

  it('counts an appointment off the grid (older data) as booking every slot it overlaps', async () => {
    const { db } = t.database
    const { lead, mission } = await heldLead()
    const [first, second, third] = laterSlots()
    const neighbour = await insertLead(db, lead.marketId)
    const startsAt = new Date(first!.startsAt.getTime() + HOUR / 2)
    await db.insert(appointments).values({
      leadId: neighbour.id,
      missionId: mission.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
    })
    const starts = freeStarts((await availabilities(agent, lead.id)).json())
    expect(starts).not.toContain(first!.startsAt.toISOString())
    expect(starts).not.toContain(second!.startsAt.toISOString())
    expect(starts).toContain(third!.startsAt.toISOString())
    const res = await book(agent, lead.id, second!.startsAt)
    expect(res.statusCode).toBe(409)
  })

  it('answers 404 for an unknown lead and alike to a teleoperator outside the lead’s missions', async () => {
    const { db } = t.database
    const managerId = (await db.select().from(users).where(eq(users.email, 'manager@test.fr')))[0]!.id
    const { market } = await insertMission(db, { userIds: [managerId], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id)
    expect((await availabilities(agent, 999_999)).statusCode).toBe(404)
    expect((await availabilities(agent, lead.id)).statusCode).toBe(404)
    expect((await availabilities(manager, lead.id)).json().canBook).toBe(true)
    expect((await book(agent, 999_999, laterSlots()[0]!.startsAt)).statusCode).toBe(404)
    expect((await book(agent, lead.id, laterSlots()[0]!.startsAt)).statusCode).toBe(404)
  })
})

describe('POST /api/lead/{leadId}/appointment', () => {
  it('books for the processing user: agenda, lead copy and status, history, live update, sheet next', async () => {
    const { db } = t.database
    const { lead, mission } = await heldLead()
    await db
      .update(leads)
      .set({ substatus: 'CALLBACK_REQUESTED', recallAt: new Date() })
      .where(eq(leads.id, lead.id))
    const viewer = await insertUser(db, { email: 'viewer@test.fr', role: 'MANAGER' })
    await db.update(users).set({ viewingLeadId: lead.id }).where(eq(users.id, viewer.id))
    const slot = laterSlots()[2]!
    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))

    const res = await book(agent, lead.uuid, slot.startsAt)
    off()
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.redirect).toBe(`/lead/${lead.uuid}`)
    expect(body.appointment).toMatchObject({
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      bookedBy: { id: me.id, firstName: 'Camille' },
    })
    const [row] = await db.select().from(appointments).where(eq(appointments.leadId, lead.id))
    expect(row).toMatchObject({ missionId: mission.id, bookedByUserId: me.id, cancelledAt: null })
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({
      status: 'APPOINTMENT',
      substatus: null,
      recallAt: null,
      processingUserId: me.id,
    })
    expect(after!.metadata.appointment).toEqual({
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      appointmentId: row!.id,
      bookedByUserId: me.id,
      bookedAt: expect.any(String),
    })
    const history = (await agent.request({ url: `/api/lead/${lead.id}/history` })).json()
    expect(history[0]).toMatchObject({
      kind: 'appointment',
      user: { id: me.id },
      data: {
        action: 'booked',
        startsAt: slot.startsAt.toISOString(),
        previous: null,
        previousStatus: 'IN_PROGRESS',
        previousSubstatus: 'CALLBACK_REQUESTED',
      },
    })
    for (const userId of [me.id, viewer.id])
      expect(seen).toContainEqual({
        channel: `user:${userId}:lead:update`,
        data: { leadId: lead.id, uuid: lead.uuid, reason: 'appointment' },
      })
    const again = (await availabilities(agent, lead.id)).json()
    expect(again.current).toMatchObject({ id: row!.id, startsAt: slot.startsAt.toISOString() })
    expect(freeStarts(again)).not.toContain(slot.startsAt.toISOString())
  })

  it('moves an existing appointment in one go; the same slot again changes nothing', async () => {
    const { db } = t.database
    const { lead } = await heldLead()
    const [first, second] = laterSlots()
    expect((await book(agent, lead.id, first!.startsAt)).statusCode).toBe(200)
    const moved = await book(agent, lead.id, second!.startsAt)
    expect(moved.statusCode).toBe(200)
    const rows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.leadId, lead.id))
      .orderBy(appointments.id)
    expect(rows.map((r) => [r.startsAt.toISOString(), r.cancelledAt !== null])).toEqual([
      [first!.startsAt.toISOString(), true],
      [second!.startsAt.toISOString(), false],
    ])
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after!.metadata.appointment).toMatchObject({ startsAt: second!.startsAt.toISOString() })
    const starts = freeStarts((await availabilities(agent, lead.id)).json())
    expect(starts).toContain(first!.startsAt.toISOString())
    const events = await db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(leadEvents.id)
    expect(events.at(-1)!.data).toMatchObject({
      action: 'moved',
      previous: { startsAt: first!.startsAt.toISOString() },
    })
    const repeated = await book(agent, lead.id, second!.startsAt)
    expect(repeated.statusCode).toBe(200)
    expect(repeated.json().appointment.startsAt).toBe(second!.startsAt.toISOString())
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toHaveLength(2)
  })

  it('refuses with 409 and a French message a slot another lead of the mission holds', async () => {
    const { db } = t.database
    const { lead } = await heldLead()
    const neighbour = await insertLead(db, lead.marketId)
    const slot = laterSlots()[0]!
    expect((await book(manager, neighbour.id, slot.startsAt)).statusCode).toBe(200)
    const res = await book(agent, lead.id, slot.startsAt)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: 'Ce créneau vient d’être réservé : choisissez-en un autre.',
    })
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ status: 'IN_PROGRESS', metadata: {} })
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toEqual([])
  })

  it('refuses with 400 a slot the rule does not offer: misaligned, past, too soon, too far, not a date', async () => {
    const { lead } = await heldLead()
    const slot = laterSlots()[0]!
    const cases: [string, RegExp][] = [
      [new Date(slot.startsAt.getTime() + HOUR / 4).toISOString(), /horaires de rendez-vous/],
      [new Date(Date.now() - 24 * HOUR).toISOString(), /déjà passé/],
      [new Date(slot.startsAt.getTime() + 40 * 24 * HOUR).toISOString(), /./],
      ['demain 10 h', /invalides/],
    ]
    for (const [startsAt, message] of cases) {
      const res = await book(agent, lead.id, startsAt)
      expect(res.statusCode, startsAt).toBe(400)
      expect(res.json().error.message, startsAt).toMatch(message)
    }
    const farGridSlot = offeredDays(new Date(Date.now() + 30 * 24 * HOUR))[0]!.slots[0]!.startsAt
    expect((await book(agent, lead.id, farGridSlot)).json().error.message).toMatch(/3 prochaines semaines/)
    // "Too soon" needs a slot less than 2 h away: the domain function is given its own clock.
    const inOneHour = new Date(slot.startsAt.getTime() - HOUR)
    await expect(
      bookAppointment(t.database.db, { user: me, leadId: lead.id, startsAt: slot.startsAt, now: inOneHour }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/moins de 2 heures/) })
  })
})

describe('who may book', () => {
  async function tagAppointment() {
    const { db } = t.database
    const fixture = await heldLead()
    const rdv = fixture.tags.find((tag) => tag.label === 'RDV pris')!
    // Issue #29: the outcome of the agent's call on the lead.
    await insertCall(db, { userId: me.id, leadId: fixture.lead.id, endedAt: new Date(), status: 'done' })
    // Issue #29 point 3: « RDV pris » is recorded with its booking, which frees the lead.
    const res = await agent.request({
      method: 'POST',
      url: `/api/lead/${fixture.lead.id}/appointment`,
      payload: { startsAt: laterSlots()[0]!.startsAt.toISOString(), outcome: { callProcessTagId: rdv.id } },
    })
    expect(res.json().redirect).toBe('/home')
    const [after] = await db.select().from(leads).where(eq(leads.id, fixture.lead.id))
    expect(after).toMatchObject({ processingUserId: null, status: 'APPOINTMENT' })
    return fixture
  }

  it('the teleoperator who just booked with "RDV pris" moves the freed lead’s slot, then goes home', async () => {
    const { lead } = await tagAppointment()
    expect((await availabilities(agent, lead.id)).json().canBook).toBe(true)
    const res = await book(agent, lead.id, laterSlots()[1]!.startsAt)
    expect(res.statusCode).toBe(200)
    expect(res.json().redirect).toBe('/home')
  })

  it('refuses 403 once the 30 minutes after the tag are over, and to another teleoperator', async () => {
    const { db } = t.database
    const { lead, mission } = await tagAppointment()
    const colleague = await insertUser(db, { email: 'colleague@test.fr' })
    await db.execute(
      sql`insert into mission_users (mission_id, user_id) values (${mission.id}, ${colleague.id})`,
    )
    const other = createAgent(t.app)
    await other.login('colleague@test.fr')
    expect((await availabilities(other, lead.id)).json().canBook).toBe(false)
    const refused = await book(other, lead.id, laterSlots()[1]!.startsAt)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toMatch(/traite ce lead/)

    await db
      .update(leadTags)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(leadTags.leadId, lead.id))
    expect((await availabilities(agent, lead.id)).json().canBook).toBe(false)
    expect((await book(agent, lead.id, laterSlots()[1]!.startsAt)).statusCode).toBe(403)
  })

  it('the holder whose call awaits its outcome books only with it (409, nothing booked); a manager books', async () => {
    const { db } = t.database
    const { lead } = await heldLead()
    await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
    const refused = await book(agent, lead.id, laterSlots()[0]!.startsAt)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'Votre appel sur ce lead attend son issue : choisissez-la sur la fiche, elle s’enregistrera avec le rendez-vous.',
    )
    expect(await db.select().from(appointments).where(eq(appointments.leadId, lead.id))).toEqual([])
    expect((await db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe('IN_PROGRESS')
    expect((await book(manager, lead.id, laterSlots()[0]!.startsAt)).statusCode).toBe(200)
  })

  it('refuses a teleoperator a lead someone else processes; a manager books it', async () => {
    const { db } = t.database
    const { lead } = await heldLead()
    const colleague = await insertUser(db, { email: 'colleague@test.fr' })
    await db.update(leads).set({ processingUserId: colleague.id }).where(eq(leads.id, lead.id))
    expect((await book(agent, lead.id, laterSlots()[0]!.startsAt)).statusCode).toBe(403)
    const res = await book(manager, lead.id, laterSlots()[0]!.startsAt)
    expect(res.statusCode).toBe(200)
    expect(res.json().redirect).toBe('/home')
  })

  it('a manager forces the appointment of a lead waiting for one: APPOINTMENT, substatus cleared', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id, {
      step: 2,
      status: 'IN_PROGRESS',
      substatus: 'WAITING_FOR_FORCED_RDV',
    })
    expect((await availabilities(agent, lead.id)).json().canBook).toBe(false)
    expect((await book(agent, lead.id, laterSlots()[0]!.startsAt)).statusCode).toBe(403)
    expect((await book(manager, lead.uuid, laterSlots()[0]!.startsAt)).statusCode).toBe(200)
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ status: 'APPOINTMENT', substatus: null })
    const [event] = await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))
    expect(event!.data).toMatchObject({ previousSubstatus: 'WAITING_FOR_FORCED_RDV' })
  })
})

describe('OpenAPI', () => {
  it('documents both routes under the appointments tag', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    const booking = doc.paths['/api/lead/{leadId}/appointment'].post
    expect(booking.tags).toEqual(['appointments'])
    expect(booking.requestBody.content['application/json'].schema.properties.startsAt).toMatchObject({
      type: 'string',
      format: 'date-time',
    })
    expect(doc.paths['/api/lead/{leadId}/appointment-availabilities'].get.tags).toEqual(['appointments'])
  })
})

describe('appointments that came with the data', () => {
  it('migration 0003 puts leads.metadata.appointment in the agendas, first lead first on a shared slot', async () => {
    const { db } = t.database
    const { market, mission } = await insertMission(db)
    const appointment = { startsAt: '2026-12-01T09:00:00.000Z', endsAt: '2026-12-01T10:00:00.000Z' }
    const first = await insertLead(db, market.id, { status: 'APPOINTMENT', metadata: { appointment } })
    await insertLead(db, market.id, { status: 'APPOINTMENT', metadata: { appointment } })
    await insertLead(db, market.id, { metadata: { appointment: { startsAt: 'bientôt', endsAt: 3 } } })
    await insertLead(db, market.id)
    const file = path.resolve(import.meta.dirname, '../../db/migrations/0003_appointments.sql')
    const backfill = readFileSync(file, 'utf8').split('--> statement-breakpoint').at(-1)!
    await db.execute(sql.raw(backfill))
    const rows = await db.select().from(appointments).where(isNull(appointments.cancelledAt))
    expect(rows).toEqual([
      expect.objectContaining({
        leadId: first.id,
        missionId: mission.id,
        startsAt: new Date(appointment.startsAt),
        endsAt: new Date(appointment.endsAt),
        bookedByUserId: null,
      }),
    ])
    const active = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.missionId, mission.id), isNull(appointments.cancelledAt)))
    expect(active).toHaveLength(1)
  })
})
