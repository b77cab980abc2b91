// Issue #26 point 2, where an SMS may go (docs/domain.md "SMS", "Guards"): only to the countries the
// configuration allows (France métropolitaine and the DOM by default), never from an agent to a
// number that agent changed less than an hour before, and the quiet hours' « within 15 minutes of a
// booking » exception once per appointment: a re-booking opens no new one. Every refusal is logged.
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SmsLog } from '../../../src/contracts/sms.ts'
import { appointments, leadEvents, smsMessages, users } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'
import { parisMoment, QUIET_HOURS_MESSAGE } from '../../domain/sms/rules.ts'
import { runSmsSend } from '../../domain/sms/send-job.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, teleop: {} } })
const { admin, teleop } = t.agents
/** Tuesday 3 March 2026, 10:00 in Paris: within the SMS hours. */
const OPEN = new Date('2026-03-03T09:00:00Z')
/** The same Tuesday, 21:00 in Paris: quiet hours. */
const EVENING = new Date('2026-03-03T20:00:00Z')
const MINUTE = 60_000

let marketId: number
beforeEach(async () => {
  t.app.sms.now = () => OPEN
  marketId = (await insertMission(t.database.db, { userIds: [t.users.teleop.id] })).market.id
})

const heldLead = (phone = '+33612345678') =>
  insertLead(t.database.db, marketId, { phone, processingUserId: t.users.teleop.id })

const send = (leadId: number, agent = teleop) =>
  agent.request({ method: 'POST', url: `/api/lead/${leadId}/sms`, payload: { template: 'missed-call' } })

const changePhone = (leadId: number, phone: string) =>
  teleop.request({ method: 'PUT', url: `/api/lead/${leadId}`, payload: { phone } })

/** The log in order: each SMS refused (its status), or accepted (queued, then sent by the simulator). */
const statuses = async () =>
  (await t.database.db.select().from(smsMessages).orderBy(smsMessages.id)).map((row) =>
    row.status.startsWith('refused') ? row.status : 'accepted',
  )

describe('allowed countries', () => {
  it('refuses the issue’s case: 12 numbers abroad set by the agent, 12 refusals logged, none sent', async () => {
    const lead = await heldLead()
    for (let i = 1; i <= 12; i += 1) {
      expect((await changePhone(lead.id, `+4477009001${String(i).padStart(2, '0')}`)).statusCode).toBe(200)
      const res = await send(lead.id)
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe('Pas de SMS vers ce numéro : son pays n’a pas pu être reconnu.')
    }
    expect(await statuses()).toEqual(Array(12).fill('refused-country'))
  })

  it('sends to France métropolitaine and the DOM, refuses elsewhere until the configuration allows it', async () => {
    for (const phone of ['+33612345678', '+590690123456', '+262692123456', '+262639012345'])
      expect((await send((await heldLead(phone)).id)).statusCode, phone).toBe(200)
    const uk = await heldLead('+447400123456')
    const refused = await send(uk.id)
    const message =
      'Pas de SMS vers ce numéro : son pays (Royaume-Uni) ne fait pas partie des pays autorisés par la configuration.'
    expect(refused.json()).toEqual({ error: { code: 'SMS_REFUSED', message } })
    expect((await teleop.request({ url: `/api/lead/${uk.id}/sms` })).json().refusal).toBe(message)
    const log = (await admin.request({ url: '/api/sms/messages?status=refused-country' })).json<SmsLog>()
    expect(log.items).toMatchObject([{ phone: '+447400123456', error: message }])

    const changed = await admin.request({
      method: 'PUT',
      url: '/api/configuration/smsCountries',
      payload: { value: ['FR', 'GB'], version: 1 },
    })
    expect(changed.statusCode).toBe(200)
    expect((await send(uk.id)).statusCode).toBe(200)
    // Now La Réunion is not allowed: an SMS to it already queued is refused when its job sends it.
    const reunion = await heldLead('+262692000001')
    const [queued] = await t.database.db
      .insert(smsMessages)
      .values({
        leadId: reunion.id,
        phone: reunion.phone,
        templateKey: 'missed-call',
        kind: 'manual',
        body: 'x',
        status: 'queued',
      })
      .returning()
    await runSmsSend(t.app, queued!.id)
    const [after] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, queued!.id))
    expect(after).toMatchObject({ status: 'refused-country', error: expect.stringContaining('(La Réunion)') })
  })
})

describe('a number the agent just changed', () => {
  it('takes no SMS from that agent for an hour, says until when, and is logged', async () => {
    const lead = await heldLead()
    expect((await changePhone(lead.id, '06 98 76 54 32')).statusCode).toBe(200)
    const [change] = await t.database.db.select().from(leadEvents).where(eq(leadEvents.kind, 'update'))
    const until = Math.ceil((change!.createdAt.getTime() + 60 * MINUTE) / MINUTE) * MINUTE
    const message = `Vous avez modifié le numéro de ce lead il y a moins d’une heure : pas de SMS de votre part vers ce numéro avant le ${parisMoment(new Date(until))}.`
    const refused = await send(lead.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(message)
    expect((await teleop.request({ url: `/api/lead/${lead.id}/sms` })).json().refusal).toBe(message)
    // Someone else may text the number; the agent may an hour after the change.
    expect((await send(lead.id, admin)).statusCode).toBe(200)
    await t.database.db
      .update(leadEvents)
      .set({ createdAt: new Date(change!.createdAt.getTime() - 61 * MINUTE) })
      .where(eq(leadEvents.id, change!.id))
    expect((await send(lead.id)).statusCode).toBe(200)
    expect(await statuses()).toEqual(['refused-number-changed', 'accepted', 'accepted'])
    const [logged] = await t.database.db.select().from(smsMessages).orderBy(smsMessages.id)
    expect(logged).toMatchObject({ phone: '+33698765432', error: message })
  })
})

describe('the booking’s confirmation', () => {
  /** A lead the teleoperator holds and may book (as the booking form's caller). */
  async function bookableLead() {
    const lead = await insertLead(t.database.db, marketId, {
      phone: '+33622222222',
      step: 2,
      status: 'IN_PROGRESS',
      processingUserId: t.users.teleop.id,
      processingSince: EVENING,
    })
    await t.database.db
      .update(users)
      .set({ processingLeadId: lead.id })
      .where(eq(users.id, t.users.teleop.id))
    return lead
  }

  const book = (leadId: number, startsAt: Date) =>
    teleop.request({
      method: 'POST',
      url: `/api/lead/${leadId}/appointment`,
      payload: { startsAt: startsAt.toISOString(), sendSms: true },
    })

  it('applies to the booking at 21 h, not again when the appointment is moved 5 minutes later', async () => {
    const lead = await bookableLead()
    const days = offeredDays(EVENING)
    t.app.sms.now = () => EVENING
    const booked = await book(lead.id, days[1]!.slots[0]!.startsAt)
    expect(booked.statusCode, booked.body).toBe(200)
    expect(booked.json().smsRefusal).toBeNull()
    // The SMS clock is the booking's clock: the appointment was booked at 21 h.
    const [first] = await t.database.db.select().from(appointments)
    expect(first!.createdAt).toEqual(EVENING)

    t.app.sms.now = () => new Date(EVENING.getTime() + 5 * MINUTE)
    const moved = await book(lead.id, days[2]!.slots[0]!.startsAt)
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().smsRefusal).toBe(QUIET_HOURS_MESSAGE)
    const rows = await t.database.db.select().from(smsMessages).orderBy(smsMessages.id)
    expect(
      rows.map((row) => [
        row.kind,
        row.appointmentId,
        row.status.startsWith('refused') ? row.status : 'accepted',
      ]),
    ).toEqual([
      ['confirmation', first!.id, 'accepted'],
      ['confirmation', moved.json().appointment.id, 'refused-quiet-hours'],
    ])

    // Within the hours the moved appointment's confirmation goes as any other.
    t.app.sms.now = () => new Date('2026-03-04T08:00:00Z')
    const again = await book(lead.id, days[3]!.slots[0]!.startsAt)
    expect(again.json().smsRefusal).toBeNull()
  })

  it('counts in the caps, as an SMS the agent asked for', async () => {
    const limits = { value: { perLeadPerDay: 1, perAgentPerHour: 30 }, version: 1 }
    expect(
      (await admin.request({ method: 'PUT', url: '/api/configuration/smsLimits', payload: limits }))
        .statusCode,
    ).toBe(200)
    const lead = await bookableLead()
    t.app.sms.now = () => OPEN
    const booked = await book(lead.id, offeredDays(OPEN)[1]!.slots[0]!.startsAt)
    expect(booked.json().smsRefusal).toBeNull()
    const refused = await send(lead.id)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(
      'Ce lead a déjà reçu 1 SMS en 24 heures : prochain envoi possible le mercredi 4 mars à 10:00.',
    )
  })
})
