// Issue #11 "The agent's day", the call points: the lead's second phone is called through the same
// route (only a number of the lead is ever dialled), and the agent may refuse a ringing inbound call.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { startFakeAircall, type FakeAircall } from '../../../tests/fakes/aircall-server.ts'
import { calls } from '../../db/schema.ts'

describe('calling the lead’s second phone and refusing an inbound call (simulator)', () => {
  const t = signedInServer({
    config: { simulatorAnswerDelayMs: 0 },
    beforeReset: (app) => app.telephony.idle(),
    users: { teleop: { aircallId: 501 }, other: { aircallId: 502 } },
  })
  let marketId: number

  beforeEach(async () => {
    marketId = (await insertMission(t.database.db, { userIds: [t.users.teleop.id, t.users.other.id] })).market
      .id
  })

  function heldLead(fixture: { secondaryPhone?: string | null; phone?: string } = {}) {
    return insertLead(t.database.db, marketId, {
      phone: '+33612345678',
      processingUserId: t.users.teleop.id,
      processingSince: new Date(),
      ...fixture,
    })
  }

  const start = (payload: object) =>
    t.agents.teleop.request({ method: 'POST', url: '/api/call/start-outbound', payload })

  async function ongoing(agent = t.agents.teleop) {
    return (await agent.request({ url: '/api/call/ongoing' })).json()
  }

  it('dials the second phone of the lead when asked, the first one otherwise', async () => {
    const lead = await heldLead({ secondaryPhone: '07 11 22 33 44' })
    const res = await start({ leadId: lead.id, phone: 'secondary' })
    expect(res.statusCode).toBe(200)
    await t.app.telephony.idle()
    expect(await ongoing()).toMatchObject({ phoneNumber: '+33711223344', leadId: lead.id })
    await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/force-end',
      payload: { callId: res.json().callId },
    })

    const other = await heldLead({ phone: '+33698765432', secondaryPhone: '+33711223344' })
    const primary = await start({ leadId: other.id, phone: 'primary' })
    expect(primary.statusCode).toBe(200)
    await t.app.telephony.idle()
    expect(await ongoing()).toMatchObject({ phoneNumber: '+33698765432', leadId: other.id })
  })

  it('refuses in French a second phone the lead lacks or that is no phone number, and any digits', async () => {
    const none = await heldLead()
    const missing = await start({ leadId: none.id, phone: 'secondary' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.message).toBe('Ce lead n’a pas de second numéro de téléphone.')

    const broken = await heldLead({ secondaryPhone: '12' })
    const invalid = await start({ leadId: broken.id, phone: 'secondary' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.message).toBe(
      'Le second numéro du lead n’est pas un numéro de téléphone valide.',
    )

    // The client names which phone, never the digits: a number of its own is refused.
    const digits = await start({ leadId: none.id, phone: '+33699999999' })
    expect(digits.statusCode).toBe(400)
    expect(digits.json().error.code).toBe('VALIDATION_ERROR')
    expect(digits.json().error.fields.phone).toMatch(/[Oo]ption invalide|attendu/)
    expect(await t.database.db.select().from(calls)).toEqual([])
  })

  it('keeps the rules of the first phone: only the user who processes the lead calls it', async () => {
    const lead = await heldLead({ secondaryPhone: '+33711223344' })
    const res = await t.agents.other.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id, phone: 'secondary' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('Ce lead n’est pas en cours de traitement par vous.')
  })

  it('Refuser ends the ringing for the agent: missed, declined by the agent, then free to call', async () => {
    const known = await insertLead(t.database.db, marketId, { phone: '+33699887766' })
    await t.agents.teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: t.users.teleop.id, fromNumber: '06 99 88 77 66' },
    })
    const { callId } = await ongoing()
    expect(callId).not.toBeNull()

    // Someone else's call, or another call id, reads as no call at all.
    const foreign = await t.agents.other.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: { callId },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.message).toBe('Aucun appel entrant en cours.')

    const res = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: { callId },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true, callId })
    expect(await ongoing()).toMatchObject({ status: 'done', callId: null })
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, callId))
    expect(row).toMatchObject({
      status: 'missed',
      missedReason: 'agent_declined',
      answeredAt: null,
      userId: t.users.teleop.id,
      detectedLeadId: known.id,
    })
    expect(row!.endedAt).not.toBeNull()

    // Declined once: a second refusal finds no ringing call.
    const again = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: { callId },
    })
    expect(again.statusCode).toBe(404)
  })

  it('does not refuse a call already answered, nor an outbound call', async () => {
    await t.agents.teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: t.users.teleop.id, fromNumber: '+33600000011' },
    })
    const { callId } = await ongoing()
    await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/inbound/answer',
      payload: { bypassProcessingLeadCheck: true, bypassUntaggedLeadCheck: true },
    })
    const answered = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: { callId },
    })
    expect(answered.statusCode).toBe(409)
    expect(answered.json().error.message).toBe(
      'Cet appel est déjà décroché : terminez-le depuis la barre d’appel.',
    )
    await t.agents.teleop.request({ method: 'POST', url: '/api/call/force-end', payload: { callId } })

    const lead = await heldLead()
    const outbound = (await start({ leadId: lead.id })).json()
    const refused = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: { callId: outbound.callId },
    })
    expect(refused.statusCode).toBe(404)
  })

  it('checks the body in French', async () => {
    const res = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: {},
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Certaines données sont invalides.')
  })
})

describe('calling the lead’s second phone through Aircall (local fake)', () => {
  let fake: FakeAircall
  beforeAll(async () => {
    fake = await startFakeAircall()
  })
  afterAll(() => fake.close())
  const t = signedInServer({
    config: () => ({
      telephonyProvider: 'aircall',
      aircall: { apiId: fake.apiId, apiToken: fake.apiToken, apiUrl: fake.url, webhookToken: 'tok' },
    }),
    users: { teleop: { aircallId: 7001, signIn: false } },
  })

  it('asks Aircall to dial the second phone in E.164', async () => {
    fake.requests = []
    fake.users = [{ id: 7001, email: 'teleop@test.fr', name: 'Camille' }]
    fake.numbers = [{ id: 301, name: 'Paris', digits: '+33 1 76 36 06 95', userIds: [7001] }]
    const marketId = (await insertMission(t.database.db, { userIds: [t.users.teleop.id] })).market.id
    const lead = await insertLead(t.database.db, marketId, {
      phone: '+33612345678',
      secondaryPhone: '07 11 22 33 44',
      processingUserId: t.users.teleop.id,
      processingSince: new Date(),
    })
    const teleop = createAgent(t.app)
    await teleop.login('teleop@test.fr')
    const res = await teleop.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id, phone: 'secondary' },
    })
    expect(res.statusCode).toBe(200)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/users/7001/calls',
      body: { number_id: 301, to: '+33711223344' },
    })
  })
})
