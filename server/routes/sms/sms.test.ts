// Issue #15 "SMS" against the local fake of Aircall's Messaging API: templates (placeholders,
// versions, audit), a send from the lead sheet (the request Aircall gets), delivery from a
// message webhook, STOP from an inbound message then refusal, quiet hours on an injected clock, retries.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LeadSmsOptions, SmsLog, SmsMessage, SmsTemplateList } from '../../../src/contracts/sms.ts'
import { auditEntries, leadEvents, missionUsers, smsMessages, smsOptOuts } from '../../db/schema.ts'
import { SMS_SEND_ATTEMPTS } from '../../domain/sms/send.ts'
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
    aircall: { apiId: fake.apiId, apiToken: fake.apiToken, apiUrl: fake.url, webhookToken: TOKEN },
    sms: { numberId: NUMBER_ID, clockStartsAt: undefined, retryDelaySeconds: 1 },
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

  it('refuses an unknown placeholder in French and changes nothing', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: '/api/sms/templates/missed-call',
      payload: { body: 'Bonjour {prenom}', version: 1 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.body).toContain('Variable inconnue : {prenom}')
    const list = (await admin.request({ method: 'GET', url: '/api/sms/templates' })).json<SmsTemplateList>()
    expect(list.templates[2]).toMatchObject({ version: 1 })
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
