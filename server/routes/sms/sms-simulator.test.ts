// Issue #15 "SMS" on the simulator: the booking's confirmation SMS (sent at any hour just after the
// booking), its synthetic delivery events through the webhook processing, and the reminder job sending
// once per appointment whatever the number of runs at once.
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appointments, smsMessages, smsOptOuts, webhookEvents } from '../../db/schema.ts'
import { sendBookingConfirmation } from '../../domain/sms/lead-sms.ts'
import { sendAppointmentReminders } from '../../domain/sms/reminders.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { createTestApp } from '../../../tests/setup/test-app.ts'
import { insertUser } from '../../../tests/factories/users.ts'

const t = signedInServer({ users: { teleop: {} } })
const WAIT = { timeout: 15_000, interval: 50 }
/** Tuesday 3 March 2026, 10:00 in Paris. */
const TUESDAY_10H = new Date('2026-03-03T09:00:00Z')
/** Saturday 7 March 2026, 23:00 in Paris. */
const SATURDAY_23H = new Date('2026-03-07T22:00:00Z')
const MINUTE = 60_000

let mission: { id: number }
let marketId: number

beforeEach(async () => {
  // The send job reads the SMS clock again when it sends: the scenario's hour, not the hour tests run at.
  t.app.sms.now = () => TUESDAY_10H
  const inserted = await insertMission(t.database.db, { userIds: [t.users.teleop.id] })
  mission = inserted.mission
  marketId = inserted.market.id
})

async function leadWithAppointment(startsAt: Date, bookedAt: Date, phone = '+33611111111') {
  const lead = await insertLead(t.database.db, marketId, { phone, processingUserId: t.users.teleop.id })
  const [appointment] = await t.database.db
    .insert(appointments)
    .values({
      leadId: lead.id,
      missionId: mission.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * MINUTE),
      bookedByUserId: t.users.teleop.id,
      createdAt: bookedAt,
    })
    .returning()
  return { lead, appointment: appointment! }
}

const rows = () => t.database.db.select().from(smsMessages).orderBy(smsMessages.id)

describe('the booking confirmation', () => {
  it('goes out at 23 h on a Saturday when the lead has just booked, and is delivered by the simulator', async () => {
    const startsAt = new Date('2026-03-10T09:00:00Z')
    const { lead } = await leadWithAppointment(startsAt, new Date(SATURDAY_23H.getTime() - 2 * MINUTE))
    t.app.sms.now = () => SATURDAY_23H
    const refusal = await sendBookingConfirmation(t.app, t.users.teleop.id, lead.id, SATURDAY_23H)
    expect(refusal).toBeNull()
    const [sms] = await rows()
    expect(sms).toMatchObject({ kind: 'confirmation', templateKey: 'appointment-confirmation' })
    expect(sms!.body).toContain('le mardi 10 mars à 10h00')
    await vi.waitFor(async () => expect((await rows())[0]!.status).toBe('delivered'), WAIT)
    const events = await t.database.db
      .select({ event: webhookEvents.event, outcome: webhookEvents.outcome })
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'simulator'))
    expect(events).toEqual(
      expect.arrayContaining([
        { event: 'message.sent', outcome: 'ignored' },
        { event: 'message.status_updated', outcome: 'processed' },
      ]),
    )
  })

  it('is refused at night once the booking is older than the confirmation window, and only once', async () => {
    const startsAt = new Date('2026-03-10T09:00:00Z')
    const { lead } = await leadWithAppointment(startsAt, new Date(SATURDAY_23H.getTime() - 40 * MINUTE))
    const refusal = await sendBookingConfirmation(t.app, t.users.teleop.id, lead.id, SATURDAY_23H)
    expect(refusal).toContain('Pas de SMS à cette heure')
    expect(await sendBookingConfirmation(t.app, t.users.teleop.id, lead.id, SATURDAY_23H)).toBeNull()
    expect((await rows()).map((row) => row.status)).toEqual(['refused-quiet-hours'])
  })

  it('is sent when the booking form asks for it', async () => {
    const lead = await insertLead(t.database.db, marketId, {
      phone: '+33622222222',
      processingUserId: t.users.teleop.id,
    })
    t.app.sms.now = () => new Date()
    const days = (
      await t.agents.teleop.request({ url: `/api/lead/${lead.id}/appointment-availabilities` })
    ).json<{ days: { slots: { startsAt: string }[] }[] }>().days
    const slot = days.flatMap((day) => day.slots)[0]!
    const res = await t.agents.teleop.request({
      method: 'POST',
      url: `/api/lead/${lead.id}/appointment`,
      payload: { startsAt: slot.startsAt, sendSms: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ smsRefusal: null })
    expect(await rows()).toMatchObject([{ leadId: lead.id, kind: 'confirmation', phone: '+33622222222' }])
  })
})

describe('the reminder job', () => {
  it('reminds each appointment of the next 24 hours once, even when two runs overlap', async () => {
    const soon = await leadWithAppointment(new Date('2026-03-03T14:00:00Z'), new Date('2026-03-01T10:00:00Z'))
    // Beyond 24 hours: not yet.
    await leadWithAppointment(
      new Date('2026-03-05T14:00:00Z'),
      new Date('2026-03-01T10:00:00Z'),
      '+33633333333',
    )
    const [a, b] = await Promise.all([
      sendAppointmentReminders(t.app, TUESDAY_10H),
      sendAppointmentReminders(t.app, TUESDAY_10H),
    ])
    expect(a.sent + b.sent).toBe(1)
    expect(await sendAppointmentReminders(t.app, new Date(TUESDAY_10H.getTime() + 15 * MINUTE))).toEqual({
      sent: 0,
      refused: 0,
    })
    expect(await rows()).toMatchObject([
      {
        leadId: soon.lead.id,
        appointmentId: soon.appointment.id,
        kind: 'reminder',
        templateKey: 'appointment-reminder',
      },
    ])
  })

  it('reminds only appointments booked at least 24 hours ahead, as the e-mail reminder', async () => {
    // Booked this morning for this afternoon: the confirmation just told the lead.
    await leadWithAppointment(new Date('2026-03-03T14:00:00Z'), new Date('2026-03-03T08:30:00Z'))
    const startsAt = new Date('2026-03-03T15:00:00Z')
    const early = await leadWithAppointment(
      startsAt,
      new Date(startsAt.getTime() - 24 * 60 * MINUTE),
      '+33644444444',
    )
    expect(await sendAppointmentReminders(t.app, TUESDAY_10H)).toEqual({ sent: 1, refused: 0 })
    expect(await rows()).toMatchObject([{ appointmentId: early.appointment.id, kind: 'reminder' }])
  })

  it('sends nothing outside the SMS hours, and the first run inside them does', async () => {
    await leadWithAppointment(new Date('2026-03-03T14:00:00Z'), new Date('2026-03-01T10:00:00Z'))
    const night = new Date('2026-03-03T05:00:00Z') // 6 h in Paris
    expect(await sendAppointmentReminders(t.app, night)).toEqual({ sent: 0, refused: 0 })
    expect(await rows()).toHaveLength(0)
    expect((await sendAppointmentReminders(t.app, new Date('2026-03-03T07:00:00Z'))).sent).toBe(1)
  })
})

describe('an inbound SMS on the simulator', () => {
  it('records STOP as an opt-out, and the reminder is then refused', async () => {
    const { lead } = await leadWithAppointment(
      new Date('2026-03-03T14:00:00Z'),
      new Date('2026-03-01T10:00:00Z'),
    )
    const bad = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/sms',
      payload: { from: 'pas un numéro', body: 'stop' },
    })
    expect(bad.statusCode).toBe(400)
    const res = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/sms',
      payload: { from: '06 11 11 11 11', body: 'stop' },
    })
    expect(res.statusCode).toBe(200)
    expect(await t.database.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts)).toEqual([
      { phone: lead.phone },
    ])
    expect(await sendAppointmentReminders(t.app, TUESDAY_10H)).toEqual({ sent: 0, refused: 1 })
    expect(await rows()).toMatchObject([
      { status: 'refused-opt-out', error: expect.stringContaining('STOP reçu') },
    ])
  })

  it('cannot be raised in production', async () => {
    const prod = await createTestApp({ appEnv: 'production' })
    try {
      await insertUser(prod.database.db, { email: 'teleop@test.fr' })
      const agent = createAgent(prod.app)
      await agent.login('teleop@test.fr')
      const res = await agent.request({
        method: 'POST',
        url: '/api/dev/telephony/sms',
        payload: { from: '+33611111111', body: 'STOP' },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
