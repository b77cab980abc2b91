// Issue #15 "SMS" against the local fake of Aircall's Messaging API: templates (placeholders,
// versions, audit), a send from the lead sheet (the request Aircall gets), delivery from a
// message webhook, STOP from an inbound message then refusal, quiet hours on an injected clock, retries.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LeadSmsOptions, SmsLog, SmsMessage, SmsTemplateList } from '../../../src/contracts/sms.ts'
import {
  appointments,
  auditEntries,
  leadEvents,
  leads,
  missionUsers,
  smsMessages,
  smsOptOuts,
  smsTemplates,
  webhookEvents,
} from '../../db/schema.ts'
import { MESSAGE_NOT_YET_LOGGED } from '../../domain/sms/message-events.ts'
import { sendAppointmentReminders } from '../../domain/sms/reminders.ts'
import { APPOINTMENT_GONE_MESSAGE, postponedMessage } from '../../domain/sms/send-checks.ts'
import { ATTEMPT_INTERRUPTED_MESSAGE, runSmsSend } from '../../domain/sms/send-job.ts'
import { SMS_SEND_ATTEMPTS, SMS_SEND_QUEUE } from '../../domain/sms/send.ts'
import { startFakeAircall, type FakeAircall } from '../../../tests/fakes/aircall-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'

const TOKEN = 'sms-webhook-token'
const NUMBER_ID = 321
let fake: FakeAircall
beforeAll(async () => {
  fake = await startFakeAircall()
})
afterAll(() => fake.close())

const t = signedInServer({
  config: () => ({
    telephonyProvider: 'aircall',
    // Retries a second apart (pg-boss's backoff never goes under 1 s): the attempts take seconds.
    sms: { numberId: NUMBER_ID, clockStartsAt: undefined, retryDelaySeconds: 1, retryDelayMaxSeconds: 1 },
    // Aircall's 10 s bound, shortened to meet the slow fake quickly (it is local, so 2 s is ample).
    aircall: {
      apiId: fake.apiId,
      apiToken: fake.apiToken,
      apiUrl: fake.url,
      webhookToken: TOKEN,
      requestTimeoutMs: 2_000,
    },
  }),
  users: { admin: { role: 'ADMIN' }, teleop: {}, other: {} },
})
const { admin, teleop, other } = t.agents
const WAIT = { timeout: 15_000, interval: 50 }
/** Tuesday 3 March 2026, 10:00 in Paris: within the SMS hours. */
const OPEN = new Date('2026-03-03T09:00:00Z')
/** Same Tuesday, 21:00 in Paris. */
const EVENING = new Date('2026-03-03T20:00:00Z')

let lead: { id: number; phone: string }
let missionId: number

beforeEach(async () => {
  fake.numbers = [{ id: NUMBER_ID, name: 'Ligne SMS', digits: '+33 1 00 00 00 01', userIds: [] }]
  fake.messages = []
  fake.requests = []
  fake.failSms(0)
  fake.delaySms(0)
  t.app.sms.now = () => OPEN
  const { mission, market } = await insertMission(t.database.db, { name: 'Isolation' })
  missionId = mission.id
  lead = await insertLead(t.database.db, market.id, {
    firstName: 'Élodie',
    phone: '+33612345678',
    processingUserId: t.users.teleop.id,
  })
})

async function sendFromSheet(agent = teleop, template = 'missed-call') {
  return agent.request({ method: 'POST', url: `/api/lead/${lead.id}/sms`, payload: { template } })
}

async function deliver(event: string, data: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/aircall',
    payload: { resource: 'message', event, timestamp: Math.floor(Date.now() / 1000), token: TOKEN, data },
  })
  expect(res.statusCode).toBe(200)
  await t.app.telephony.idle()
}

/** The send jobs of SMS `id` created since `since` (ids restart with each test; jobs stay). */
async function sendJobs(id: number, since: Date) {
  const jobs = await t.app.jobs.boss().findJobs(SMS_SEND_QUEUE, { data: { id } })
  return jobs.filter((job) => job.createdOn >= since)
}

async function row(id: number) {
  const [found] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, id))
  return found!
}

describe('templates', () => {
  it('lists the three templates with their defaults, and saves an edit once, audited', async () => {
    const list = (await admin.request({ method: 'GET', url: '/api/sms/templates' })).json<SmsTemplateList>()
    expect(list.templates.map((one) => one.key)).toEqual([
      'appointment-confirmation',
      'appointment-reminder',
      'missed-call',
    ])
    const missed = list.templates[2]!
    expect(missed.body).toBe(missed.defaultBody)
    const body = 'Bonjour {prénom}, nous avons essayé de vous joindre. STOP au 36180'
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/sms/templates/missed-call',
      payload: { body, version: missed.version },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ body, version: missed.version + 1 })
    // A second tab saving from the old version gets the current one back.
    const stale = await admin.request({
      method: 'PUT',
      url: '/api/sms/templates/missed-call',
      payload: { body: 'Autre {prénom}', version: missed.version },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ error: { code: 'STALE_VERSION' }, current: { body } })
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entity, 'smsTemplate'))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'update', after: { body } })
  })

  it('reads the defaults without writing them (issue #26: a read has no side effect)', async () => {
    const list = (await admin.request({ method: 'GET', url: '/api/sms/templates' })).json<SmsTemplateList>()
    expect(list.templates.every((one) => one.version === 0 && one.updatedAt === null)).toBe(true)
    expect(list.templates.every((one) => one.body === one.defaultBody)).toBe(true)
    expect(await t.database.db.select().from(smsTemplates)).toEqual([])
    // Saving the default as it is changes nothing either.
    const same = await admin.request({
      method: 'PUT',
      url: '/api/sms/templates/missed-call',
      payload: { body: list.templates[2]!.body, version: 0 },
    })
    expect(same.json()).toMatchObject({ version: 0, updatedAt: null })
    expect(await t.database.db.select().from(smsTemplates)).toEqual([])
  })

  it('refuses an unknown placeholder in French and changes nothing', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: '/api/sms/templates/missed-call',
      payload: { body: 'Bonjour {prenom}', version: 0 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.body).toContain('Variable inconnue : {prenom}')
    const list = (await admin.request({ method: 'GET', url: '/api/sms/templates' })).json<SmsTemplateList>()
    expect(list.templates[2]).toMatchObject({ version: 0, body: list.templates[2]!.defaultBody })
  })

  it('is for administrators only', async () => {
    expect((await teleop.request({ method: 'GET', url: '/api/sms/templates' })).statusCode).toBe(403)
  })
})

describe('sending from the lead sheet', () => {
  it('renders the templates for the lead and sends one through Aircall, then follows its delivery', async () => {
    const options = (
      await teleop.request({ method: 'GET', url: `/api/lead/${lead.id}/sms` })
    ).json<LeadSmsOptions>()
    expect(options.refusal).toBeNull()
    const missed = options.templates.find((one) => one.key === 'missed-call')!
    expect(missed.text).toContain('Bonjour Élodie, nous avons essayé de vous joindre au sujet de Isolation')
    // No appointment: the appointment templates say why they cannot go.
    expect(options.templates[0]).toMatchObject({ text: null, problem: expect.stringContaining('pas de RDV') })

    const res = await sendFromSheet()
    expect(res.statusCode).toBe(200)
    const sent = res.json<SmsMessage>()
    expect(sent).toMatchObject({ status: 'queued', phone: '+33612345678', body: missed.text })
    await vi.waitFor(async () => expect((await row(sent.id)).status).toBe('sent'), WAIT)
    const request = fake.requests.find((one) => one.path.endsWith('/messages/native/send'))!
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v1/numbers/${NUMBER_ID}/messages/native/send`,
      body: { to: '+33612345678', body: missed.text },
    })
    const stored = await row(sent.id)
    expect(stored.providerMessageId).toBe(fake.messages[0]!.id)
    expect(stored.numberId).toBe(String(NUMBER_ID))

    await deliver('message.status_updated', { id: stored.providerMessageId, status: 'delivered' })
    expect((await row(sent.id)).status).toBe('delivered')
    // Late and repeated events never move it back.
    await deliver('message.sent', { id: stored.providerMessageId, status: 'sent' })
    expect((await row(sent.id)).status).toBe('delivered')

    const [event] = await t.database.db.select().from(leadEvents).where(eq(leadEvents.kind, 'sms'))
    expect(event).toMatchObject({
      leadId: lead.id,
      userId: t.users.teleop.id,
      data: { template: 'missed-call' },
    })
    const log = (
      await admin.request({ method: 'GET', url: '/api/sms/messages?status=delivered' })
    ).json<SmsLog>()
    expect(log).toMatchObject({ total: 1, items: [{ id: sent.id, sentBy: expect.any(String) }] })
  })

  it('texts the second phone when only it is a mobile, and says so (issue #31)', async () => {
    await t.database.db
      .update(leads)
      .set({ phone: '+33145678901', secondaryPhone: '+33698765432' })
      .where(eq(leads.id, lead.id))
    const options = (
      await teleop.request({ method: 'GET', url: `/api/lead/${lead.id}/sms` })
    ).json<LeadSmsOptions>()
    expect(options).toMatchObject({ phone: '+33698765432', secondaryPhone: true, refusal: null })
    const res = await sendFromSheet()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<SmsMessage>()).toMatchObject({ status: 'queued', phone: '+33698765432' })
    // Two landlines: nothing to text, the first number is named.
    await t.database.db.update(leads).set({ secondaryPhone: '+33145678902' }).where(eq(leads.id, lead.id))
    const none = (
      await teleop.request({ method: 'GET', url: `/api/lead/${lead.id}/sms` })
    ).json<LeadSmsOptions>()
    expect(none).toMatchObject({
      phone: '+33145678901',
      secondaryPhone: false,
      refusal: expect.stringContaining('pas un mobile'),
    })
  })

  it('answers a teleoperator outside the lead’s mission as if the lead did not exist', async () => {
    // docs/domain.md "Users, roles and access": a lead one may not see is a 404, so ids cannot be probed.
    const res = await sendFromSheet(other)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Lead introuvable.' } })
    expect(await t.database.db.select().from(smsMessages)).toHaveLength(0)
  })

  it('refuses a teleoperator who sees the lead but does not hold it', async () => {
    await t.database.db.insert(missionUsers).values({ missionId, userId: t.users.other.id })
    const res = await sendFromSheet(other)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message: 'Seul l’utilisateur qui traite ce lead, ou un manager, peut lui envoyer un SMS.',
      },
    })
    expect(await t.database.db.select().from(smsMessages)).toHaveLength(0)
  })

  it('retries a send Aircall refused', async () => {
    fake.failSms(1)
    const first = (await sendFromSheet()).json<SmsMessage>()
    await vi.waitFor(async () => expect((await row(first.id)).status).toBe('sent'), {
      ...WAIT,
      timeout: 30_000,
    })
    expect((await row(first.id)).attempts).toBe(2)
  }, 40_000)

  it('gives up after the attempts allowed', async () => {
    fake.failSms(SMS_SEND_ATTEMPTS)
    const sent = (await sendFromSheet()).json<SmsMessage>()
    await vi.waitFor(async () => expect((await row(sent.id)).status).toBe('failed'), {
      ...WAIT,
      timeout: 60_000,
    })
    expect((await row(sent.id)).error).toContain('Aircall a refusé le SMS')
  }, 70_000)

  it('does not send again an SMS whose process died during its send: « Envoi incertain » (issue #30)', async () => {
    // What a process killed between Aircall's answer and its record leaves: the SMS queued, its attempt
    // marked as begun; pg-boss then offers the job again.
    const [left] = await t.database.db
      .insert(smsMessages)
      .values({
        leadId: lead.id,
        phone: lead.phone,
        templateKey: 'missed-call',
        kind: 'manual',
        body: 'Bonjour',
        status: 'queued',
        sentBy: t.users.teleop.id,
        attemptStartedAt: new Date(),
      })
      .returning({ id: smsMessages.id })
    await runSmsSend(t.app, left!.id)
    expect(await row(left!.id)).toMatchObject({ status: 'failed', error: ATTEMPT_INTERRUPTED_MESSAGE })
    expect(fake.messages).toEqual([])
  })

  it('marks an attempt before calling Aircall and clears the mark with its outcome (issue #30)', async () => {
    let answer!: () => void
    fake.delaySms(new Promise<void>((resolve) => (answer = resolve)))
    const sent = (await sendFromSheet()).json<SmsMessage>()
    // Aircall took the message and has not answered yet: a kill now would leave the mark.
    await vi.waitFor(() => expect(fake.messages).toHaveLength(1), WAIT)
    expect((await row(sent.id)).attemptStartedAt).toBeInstanceOf(Date)
    answer()
    await vi.waitFor(async () => expect((await row(sent.id)).status).toBe('sent'), WAIT)
    expect((await row(sent.id)).attemptStartedAt).toBeNull()
  })

  it('does not send again an SMS whose answer timed out: Aircall may have taken it', async () => {
    fake.delaySms(3_000)
    const since = new Date()
    const sent = (await sendFromSheet()).json<SmsMessage>()
    await vi.waitFor(async () => expect((await row(sent.id)).status).toBe('failed'), WAIT)
    expect(await row(sent.id)).toMatchObject({
      attempts: 1,
      providerMessageId: null,
      error:
        'Envoi incertain : délai dépassé ou réponse illisible, le SMS est peut-être parti. Vérifiez dans Aircall avant de renvoyer.',
    })
    // Aircall did take it; the job ends (just after the row is written), with no retry waiting.
    expect(fake.messages).toHaveLength(1)
    await vi.waitFor(
      async () =>
        expect((await sendJobs(sent.id, since)).map((job) => [job.state, job.retryCount])).toEqual([
          ['completed', 0],
        ]),
      WAIT,
    )
  })
})

describe('a status Aircall sends before the send stored the message id', () => {
  async function deliveryOf(providerMessageId: string) {
    const [found] = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.providerCallId, providerMessageId))
    return found!
  }

  it('is kept as an error, then applied as soon as the send stores the id', async () => {
    let answer!: () => void
    fake.delaySms(new Promise<void>((resolve) => (answer = resolve)))
    const sent = (await sendFromSheet()).json<SmsMessage>()
    // Aircall took the SMS and reports it delivered while its answer to the send is still on the way.
    await vi.waitFor(() => expect(fake.messages).toHaveLength(1), WAIT)
    const providerMessageId = fake.messages[0]!.id
    await deliver('message.status_updated', {
      id: providerMessageId,
      status: 'delivered',
      direction: 'outbound',
      external_number: '+33612345678',
    })
    expect(await deliveryOf(providerMessageId)).toMatchObject({
      outcome: 'error',
      error: MESSAGE_NOT_YET_LOGGED,
    })
    expect((await row(sent.id)).status).toBe('queued')
    answer()
    await vi.waitFor(async () => expect((await row(sent.id)).status).toBe('delivered'), WAIT)
    expect(await deliveryOf(providerMessageId)).toMatchObject({ outcome: 'processed', error: null })
  })

  it('can be replayed from the webhook status page once the id is stored', async () => {
    // An SMS being sent (queued, no id yet), as the job leaves it while it waits for Aircall.
    const [sending] = await t.database.db
      .insert(smsMessages)
      .values({
        leadId: lead.id,
        phone: lead.phone,
        templateKey: 'missed-call',
        kind: 'manual',
        body: 'Bonjour',
        status: 'queued',
        provider: 'aircall',
      })
      .returning()
    await deliver('message.sent', { id: 'msg-early', status: 'sent', raw_digits: '+33 6 12 34 56 78' })
    const early = await deliveryOf('msg-early')
    expect(early).toMatchObject({ outcome: 'error', error: MESSAGE_NOT_YET_LOGGED })
    await t.database.db
      .update(smsMessages)
      .set({ providerMessageId: 'msg-early' })
      .where(eq(smsMessages.id, sending!.id))
    const res = await admin.request({ method: 'POST', url: `/api/webhooks/deliveries/${early.id}/replay` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ delivery: { id: early.id, outcome: 'processed' } })
    expect((await row(sending!.id)).status).toBe('sent')
  })

  it('is ignored when no SMS of ours to that number is being sent (a message from Aircall’s apps)', async () => {
    await t.database.db.insert(smsMessages).values({
      leadId: lead.id,
      phone: lead.phone,
      templateKey: 'missed-call',
      kind: 'manual',
      body: 'Bonjour',
      status: 'queued',
      provider: 'aircall',
    })
    await deliver('message.status_updated', {
      id: 'msg-elsewhere',
      status: 'delivered',
      direction: 'outbound',
      external_number: '+33699999999',
    })
    expect(await deliveryOf('msg-elsewhere')).toMatchObject({ outcome: 'ignored', error: null })
  })
})

describe('opt-out', () => {
  it('records STOP from an inbound message and refuses every later SMS to that phone', async () => {
    await deliver('message.received', {
      id: 'in-1',
      direction: 'inbound',
      status: 'received',
      body: ' Arrêt ',
      external_number: '+33 6 12 34 56 78',
    })
    expect(await t.database.db.select().from(smsOptOuts)).toMatchObject([{ phone: '+33612345678' }])
    const options = (
      await teleop.request({ method: 'GET', url: `/api/lead/${lead.id}/sms` })
    ).json<LeadSmsOptions>()
    expect(options.refusal).toContain('a demandé à ne plus recevoir de SMS')
    const res = await sendFromSheet()
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toContain('a demandé à ne plus recevoir de SMS')
    expect(await t.database.db.select().from(smsMessages)).toMatchObject([{ status: 'refused-opt-out' }])
    const optOuts = await admin.request({ method: 'GET', url: '/api/sms/opt-outs' })
    expect(optOuts.json()).toMatchObject({ optOuts: [{ phone: '+33612345678', message: ' Arrêt ' }] })
    expect(fake.messages).toHaveLength(0)
  })

  it('ignores an inbound message that is not an opt-out', async () => {
    await deliver('message.received', { id: 'in-2', body: 'Stop à 18h svp', external_number: '+33612345678' })
    expect(await t.database.db.select().from(smsOptOuts)).toHaveLength(0)
  })
})

describe('quiet hours', () => {
  it('refuses an SMS at 21 h on a weekday and on a Saturday morning, with the reason', async () => {
    for (const now of [EVENING, new Date('2026-03-07T09:00:00Z'), new Date('2026-05-01T09:00:00Z')]) {
      t.app.sms.now = () => now
      const res = await sendFromSheet()
      expect(res.statusCode, now.toISOString()).toBe(409)
      expect(res.json().error.message).toBe(
        'Pas de SMS à cette heure : les SMS partent du lundi au vendredi de 8 h à 20 h (heure de Paris), hors jours fériés.',
      )
    }
    const rows = await t.database.db.select().from(smsMessages)
    expect(rows.map((one) => one.status)).toEqual(Array(3).fill('refused-quiet-hours'))
    expect(fake.messages).toHaveLength(0)
  })
})

describe('the send job checks the rules again when it sends', () => {
  const QUIET =
    'Pas de SMS à cette heure : les SMS partent du lundi au vendredi de 8 h à 20 h (heure de Paris), hors jours fériés.'
  /** Tuesday 3 March 2026, 19:59 in Paris, then the retry at 20:00:30. */
  const BEFORE_20H = new Date('2026-03-03T18:59:00Z')
  const AFTER_20H = new Date('2026-03-03T19:00:30Z')

  /** A send whose first attempt Aircall refuses, so the job retries (about a second later here). */
  async function firstAttemptRefused(send: () => Promise<number>) {
    fake.failSms(1)
    const id = await send()
    await vi.waitFor(async () => expect((await row(id)).attempts).toBe(1), WAIT)
    expect((await row(id)).status).toBe('queued')
    return id
  }

  async function appointmentFor(startsAt: Date, bookedAt: Date) {
    const [appointment] = await t.database.db
      .insert(appointments)
      .values({
        leadId: lead.id,
        missionId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        bookedByUserId: t.users.teleop.id,
        createdAt: bookedAt,
      })
      .returning()
    return appointment!
  }

  async function queuedReminder(startsAt: Date) {
    await appointmentFor(startsAt, new Date('2026-03-01T10:00:00Z'))
    expect(await sendAppointmentReminders(t.app, t.app.sms.now())).toEqual({ sent: 1, refused: 0 })
    return (await t.database.db.select().from(smsMessages))[0]!.id
  }

  it('does not send an SMS whose phone answered STOP after it was queued', async () => {
    const id = await firstAttemptRefused(async () => (await sendFromSheet()).json<SmsMessage>().id)
    await deliver('message.received', { id: 'in-3', body: 'STOP', external_number: '+33612345678' })
    await vi.waitFor(async () => expect((await row(id)).status).toBe('refused-opt-out'), WAIT)
    expect((await row(id)).error).toContain('a demandé à ne plus recevoir de SMS (STOP reçu le')
    expect(fake.messages).toHaveLength(0)
  })

  it('refuses a retry that falls after 20 h', async () => {
    t.app.sms.now = () => BEFORE_20H
    const id = await firstAttemptRefused(async () => (await sendFromSheet()).json<SmsMessage>().id)
    t.app.sms.now = () => AFTER_20H
    await vi.waitFor(async () => expect((await row(id)).status).toBe('refused-quiet-hours'), WAIT)
    expect((await row(id)).error).toBe(QUIET)
    expect(fake.messages).toHaveLength(0)
  })

  it('postpones a reminder whose retry falls after 20 h to 8 h the next working day', async () => {
    t.app.sms.now = () => BEFORE_20H
    const since = new Date()
    const id = await firstAttemptRefused(() => queuedReminder(new Date('2026-03-04T09:00:00Z')))
    t.app.sms.now = () => AFTER_20H
    const opening = new Date('2026-03-04T07:00:00Z') // Wednesday 8 h in Paris
    await vi.waitFor(async () => expect((await row(id)).error).toBe(postponedMessage(opening)), WAIT)
    expect(postponedMessage(opening)).toContain('Rappel reporté au mercredi 4 mars à 08:00')
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 })
    // One job waits for the opening (the wall clock's distance to it, here 11 h 59 min 30 s).
    const waiting = (await sendJobs(id, since)).filter((job) => job.state === 'created')
    expect(waiting).toHaveLength(1)
    const wait = waiting[0]!.startAfter.getTime() - Date.now()
    expect(wait).toBeGreaterThan(opening.getTime() - AFTER_20H.getTime() - 60_000)
    expect(wait).toBeLessThanOrEqual(opening.getTime() - AFTER_20H.getTime())
    // Postponing again (the same job run twice) adds no second job.
    await runSmsSend(t.app, id)
    expect((await sendJobs(id, since)).filter((job) => job.state === 'created')).toHaveLength(1)
    // At the opening the job sends it.
    t.app.sms.now = () => opening
    await runSmsSend(t.app, id)
    expect(await row(id)).toMatchObject({ status: 'sent', error: null })
    expect(fake.messages).toHaveLength(1)
  })

  it('refuses a reminder whose appointment starts before the hours open again, or was cancelled', async () => {
    /** Friday 6 March 2026, 20:30 in Paris. */
    t.app.sms.now = () => new Date('2026-03-06T19:30:00Z')
    const saturday = await appointmentFor(new Date('2026-03-07T09:00:00Z'), new Date('2026-03-01T10:00:00Z'))
    const [reminder] = await t.database.db
      .insert(smsMessages)
      .values({
        leadId: lead.id,
        appointmentId: saturday.id,
        phone: lead.phone,
        templateKey: 'appointment-reminder',
        kind: 'reminder',
        body: 'Rappel',
        status: 'queued',
        provider: 'aircall',
      })
      .returning()
    await runSmsSend(t.app, reminder!.id)
    expect(await row(reminder!.id)).toMatchObject({ status: 'refused-quiet-hours', error: QUIET })

    t.app.sms.now = () => OPEN
    await t.database.db.update(smsMessages).set({ status: 'queued' }).where(eq(smsMessages.id, reminder!.id))
    await t.database.db
      .update(appointments)
      .set({ cancelledAt: OPEN })
      .where(eq(appointments.id, saturday.id))
    await runSmsSend(t.app, reminder!.id)
    expect(await row(reminder!.id)).toMatchObject({ status: 'failed', error: APPOINTMENT_GONE_MESSAGE })
    expect(fake.messages).toHaveLength(0)
  })
})
