// Issue #15 review: the booking's confirmations (e-mail, SMS) commit with the booking. A failure to
// queue them undoes the booking (503, French) so a retry books and confirms; a refusal by rule (an
// opted-out phone) is recorded and the booking stands (docs/domain.md "Appointments").
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { appointments, leadEvents, leads, mailLog, smsMessages, smsOptOuts, users } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'
import { CONFIRMATION_NOT_QUEUED } from '../../domain/appointments/confirmations.ts'
import { MAIL_QUEUE } from '../../domain/mails/send.ts'
import { SMS_SEND_QUEUE } from '../../domain/sms/send.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'

const t = signedInServer({ users: { teleop: {} } })
const { teleop: agent } = t.agents
const PHONE = '+33622222222'

async function heldLead() {
  const { db } = t.database
  const me = t.users.teleop
  const { market } = await insertMission(db, { userIds: [me.id] })
  const lead = await insertLead(db, market.id, {
    email: 'zoe@exemple.fr',
    phone: PHONE,
    step: 2,
    status: 'IN_PROGRESS',
    processingUserId: me.id,
    processingSince: new Date(),
  })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
  return lead
}

/** A slot of the second offered day: never "too soon" during the test. */
const slot = () => offeredDays(new Date())[1]!.slots[0]!.startsAt

const bookWithConfirmations = (leadId: number) =>
  agent.request({
    method: 'POST',
    url: `/api/lead/${leadId}/appointment`,
    payload: { startsAt: slot().toISOString(), confirmByEmail: true, sendSms: true },
  })

/** The jobs of `queue` whose data holds `data` (pg-boss's own lookup, so what a worker would take). */
const jobsOf = (queue: string, data: object) => t.app.jobs.boss().findJobs(queue, { data })

describe('POST /api/lead/{leadId}/appointment with confirmations', () => {
  it('writes the mail and the SMS with their jobs', async () => {
    const lead = await heldLead()
    const res = await bookWithConfirmations(lead.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ smsRefusal: null })
    const appointmentId: number = res.json().appointment.id
    const [mail] = await t.database.db.select().from(mailLog)
    expect(mail).toMatchObject({ template: 'appointment-confirmation', leadId: lead.id, appointmentId })
    const [sms] = await t.database.db.select().from(smsMessages)
    expect(sms).toMatchObject({ kind: 'confirmation', leadId: lead.id, appointmentId })
    expect(await jobsOf(MAIL_QUEUE, { logId: mail!.id })).toHaveLength(1)
    expect(await jobsOf(SMS_SEND_QUEUE, { id: sms!.id })).toHaveLength(1)
  })

  it('books nothing when a confirmation cannot be queued, and a retry books and confirms', async () => {
    const lead = await heldLead()
    const send = t.app.jobs.send.bind(t.app.jobs)
    // The SMS job fails after the mail and its job were written: everything must go.
    const failing = vi.spyOn(t.app.jobs, 'send').mockImplementation(async (queue, data, options) => {
      if (queue === SMS_SEND_QUEUE) throw new Error('job queue unavailable')
      return send(queue, data, options)
    })
    const failed = await bookWithConfirmations(lead.id).finally(() => failing.mockRestore())
    expect(failed.statusCode).toBe(503)
    expect(failed.json().error).toEqual({ code: 'CONFIRMATION_NOT_QUEUED', message: CONFIRMATION_NOT_QUEUED })
    const { db } = t.database
    expect(await db.select().from(appointments)).toEqual([])
    expect(await db.select().from(mailLog)).toEqual([])
    expect(await db.select().from(smsMessages)).toEqual([])
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toEqual([])
    const [unchanged] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(unchanged!.status).toBe('IN_PROGRESS')

    const retried = await bookWithConfirmations(lead.id)
    expect(retried.statusCode).toBe(200)
    expect(await db.select().from(mailLog)).toHaveLength(1)
    expect(await db.select().from(smsMessages)).toHaveLength(1)
  })

  it('keeps the booking when the SMS is refused by rule, with the refusal recorded and said', async () => {
    const lead = await heldLead()
    await t.database.db.insert(smsOptOuts).values({ phone: PHONE, message: 'STOP' })
    const res = await bookWithConfirmations(lead.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().smsRefusal).toContain('ne plus recevoir de SMS')
    const { db } = t.database
    expect(await db.select().from(appointments)).toHaveLength(1)
    expect(await db.select().from(smsMessages)).toMatchObject([{ status: 'refused-opt-out' }])
    expect(await db.select().from(mailLog)).toMatchObject([{ template: 'appointment-confirmation' }])
  })
})
