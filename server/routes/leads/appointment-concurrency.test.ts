// @both-databases: one slot booked at the same instant on separate connections.
// Capacity of an agenda slot under contention (docs/domain.md "Appointments"): the database's unique
// index decides, within one process and across two, on real PostgreSQL (PGlite has one connection:
// nothing runs concurrently there).
import { describe, expect, it } from 'vitest'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertLeads, insertMission } from '../../../tests/factories/leads.ts'
import { appointments, leadEvents, leads } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'

const RACERS = 12

describe.skipIf(!process.env.TEST_DATABASE_URL)('booking one slot at the same instant (PostgreSQL)', () => {
  const start = serverProcessesOnOneDatabase()

  it(`${RACERS} bookings of one slot for different leads, over two processes: one 200, the rest 409`, async () => {
    const a = await start()
    const b = await start()
    const { db } = a.database
    const managerRow = await insertUser(db, { email: 'manager@test.fr', role: 'MANAGER' })
    const { market, mission } = await insertMission(db, { userIds: [managerRow.id] })
    const rows = await insertLeads(db, market.id, RACERS)
    const ids = rows.map((row) => row.id)
    const first = createAgent(a.app)
    await first.login('manager@test.fr')
    const second = createAgent(b.app)
    for (const [name, value] of first.cookies) second.cookies.set(name, value)
    const agents: Agent[] = [first, second]

    for (const slot of offeredDays(new Date())[1]!.slots.slice(0, 3)) {
      const responses = await Promise.all(
        ids.map((id, i) =>
          agents[i % 2]!.request({
            method: 'POST',
            url: `/api/lead/${id}/appointment`,
            payload: { startsAt: slot.startsAt.toISOString() },
          }),
        ),
      )
      const statuses = responses.map((r) => r.statusCode)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(ids.length - 1)
      for (const refused of responses.filter((r) => r.statusCode === 409))
        expect(refused.json().error.message).toBe('Ce créneau vient d’être réservé : choisissez-en un autre.')
      const booked = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.missionId, mission.id),
            eq(appointments.startsAt, slot.startsAt),
            isNull(appointments.cancelledAt),
          ),
        )
      expect(booked).toHaveLength(1)
      const winner = booked[0]!.leadId
      const [lead] = await db.select().from(leads).where(eq(leads.id, winner))
      expect(lead!.metadata.appointment).toMatchObject({ startsAt: slot.startsAt.toISOString() })
      // The losers' leads are untouched: no copy, no history. The winner leaves the next round.
      const losers = ids.filter((id) => id !== winner)
      const losersRows = await db.select().from(leads).where(inArray(leads.id, losers))
      expect(losersRows.every((row) => row.metadata.appointment === undefined)).toBe(true)
      expect(await db.select().from(leadEvents).where(inArray(leadEvents.leadId, losers))).toEqual([])
      ids.splice(ids.indexOf(winner), 1)
    }
  })

  it('two tabs moving one lead’s appointment at once leave it with exactly one', async () => {
    const { app, database } = await start()
    const { db } = database
    const managerRow = await insertUser(db, { email: 'manager2@test.fr', role: 'MANAGER' })
    const { market } = await insertMission(db, { userIds: [managerRow.id] })
    const [row] = await insertLeads(db, market.id, 1)
    const manager = createAgent(app)
    await manager.login('manager2@test.fr')
    const slots = offeredDays(new Date())[2]!.slots
    const responses = await Promise.all(
      slots.map((slot) =>
        manager.request({
          method: 'POST',
          url: `/api/lead/${row!.id}/appointment`,
          payload: { startsAt: slot.startsAt.toISOString() },
        }),
      ),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(slots.map(() => 200))
    const active = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.leadId, row!.id), isNull(appointments.cancelledAt)))
    expect(active).toHaveLength(1)
    const [lead] = await db.select().from(leads).where(eq(leads.id, row!.id))
    expect(lead!.metadata.appointment).toMatchObject({ startsAt: active[0]!.startsAt.toISOString() })
  })
})
