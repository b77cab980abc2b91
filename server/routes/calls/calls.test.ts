import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer, type SignedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { startFakeAircall, type FakeAircall } from '../../../tests/fakes/aircall-server.ts'
import { calls, leads, users } from '../../db/schema.ts'

let t: SignedInServer<string>
let teleop: Agent
let teleopId: number
let marketId: number

async function heldLead(userId: number, phone = '+33612345678') {
  return insertLead(t.database.db, marketId, { phone, processingUserId: userId, processingSince: new Date() })
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
  return row!
}

describe('call routes on the simulator', () => {
  const server = signedInServer({
    config: { simulatorAnswerDelayMs: 0 },
    // Events of the previous test must not land in this one's tables.
    beforeReset: (app) => app.telephony.idle(),
    users: {
      teleop: { aircallId: 501 },
      manager: { role: 'MANAGER', signIn: false },
      other: { signIn: false },
      nolink: { aircallId: null, signIn: false },
      admin: { role: 'ADMIN', aircallId: null, signIn: false },
    },
    // The manager supervises the teleoperator's calls through their team (server/domain/calls/access.ts).
    team: ['teleop', 'manager'],
  })
  beforeAll(() => {
    t = server
  })
  beforeEach(async () => {
    const { teleop: me, manager, other, nolink } = server.users
    teleopId = me.id
    // Everyone works the mission: these tests are about calls, not about who sees which lead.
    const userIds = [teleopId, manager.id, other.id, nolink.id]
    marketId = (await insertMission(t.database.db, { userIds })).market.id
    teleop = server.agents.teleop
  })

  const as = (email: string) => server.signIn(email)

  async function ongoing(agent = teleop) {
    return (await agent.request({ url: '/api/call/ongoing' })).json()
  }

  it('starts an outbound call on a held lead: rings, is answered, runs until hung up', async () => {
    const lead = await heldLead(teleopId)
    expect(await ongoing()).toMatchObject({ callId: null, status: 'done', duration: 0 })
    const res = await teleop.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id },
    })
    expect(res.statusCode).toBe(200)
    await t.app.telephony.idle()
    const current = await ongoing()
    expect(current).toMatchObject({
      callId: res.json().callId,
      status: 'answered',
      direction: 'outbound',
      phoneNumber: '+33612345678',
      leadId: lead.id,
    })
    const [row] = await t.database.db.select().from(calls)
    expect(row!.providerCallId).toMatch(/^\d+$/) // tied to the simulator's call.created
    expect((await userRow(teleopId)).callingLeadId).toBe(lead.id)

    const hangup = await teleop.request({
      method: 'POST',
      url: `/api/dev/telephony/${current.callId}/hangup`,
    })
    expect(hangup.statusCode).toBe(200)
    expect(await ongoing()).toMatchObject({ status: 'done', callId: null })
    expect((await userRow(teleopId)).callingLeadId).toBeNull()
    const [ended] = await t.database.db.select().from(calls)
    expect(ended).toMatchObject({ status: 'ended', leadTagId: null })
  })

  it('refuses start-outbound with French reasons', async () => {
    const notHeld = await insertLead(t.database.db, marketId)
    const res = await teleop.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: notHeld.id },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('Ce lead n’est pas en cours de traitement par vous.')

    const nolink = await as('nolink@test.fr')
    const nolinkId = (await t.database.db.select().from(users).where(eq(users.email, 'nolink@test.fr')))[0]!
      .id
    const nolinkLead = await heldLead(nolinkId)
    const refused = await nolink.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: nolinkLead.id },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toMatch(/pas relié à la téléphonie/)

    const admin = await as('admin@test.fr')
    const adminRes = await admin.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: notHeld.id },
    })
    expect(adminRes.statusCode).toBe(403)

    const lead = await heldLead(teleopId)
    await teleop.request({ method: 'POST', url: '/api/call/start-outbound', payload: { leadId: lead.id } })
    const again = await teleop.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Un appel est déjà en cours.')
    expect(await t.database.db.select().from(calls)).toHaveLength(1)
  })

  it('makes one call when two tabs start one at the same instant', async () => {
    const lead = await heldLead(teleopId)
    const second = await as('teleop@test.fr')
    const results = await Promise.all(
      [teleop, second].map((agent) =>
        agent.request({ method: 'POST', url: '/api/call/start-outbound', payload: { leadId: lead.id } }),
      ),
    )
    expect(results.map((r) => r.statusCode).toSorted()).toEqual([200, 409])
    await t.app.telephony.idle()
    expect(await t.database.db.select().from(calls)).toHaveLength(1)
  })

  it('lists the numbers to call from', async () => {
    const res = await teleop.request({ url: '/api/call/aircall-numbers' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{ id: 1, name: 'Simulateur', digits: '+33 1 00 00 00 00' }])
  })

  it('raises an inbound call with the caller’s lead, and answers it after the blocking causes', async () => {
    const known = await insertLead(t.database.db, marketId, { phone: '+33699887766' })
    await heldLead(teleopId, '+33611111111')
    const raised = await teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: teleopId, fromNumber: '06 99 88 77 66' },
    })
    expect(raised.statusCode).toBe(200)
    expect(await ongoing()).toMatchObject({
      status: 'ringing',
      direction: 'inbound',
      detectedLeadId: known.id,
      leadId: null,
    })

    const blocked = await teleop.request({ method: 'POST', url: '/api/call/inbound/answer', payload: {} })
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().error.code).toBe('UNFINISHED_PROCESSING_LEAD')
    expect(blocked.json().redirect).toMatch(/cause=UNFINISHED_PROCESSING_LEAD/)

    const answered = await teleop.request({
      method: 'POST',
      url: '/api/call/inbound/answer',
      payload: { bypassProcessingLeadCheck: true },
    })
    expect(answered.statusCode).toBe(200)
    expect(answered.json().redirect).toBe(`/lead/${known.uuid}`)
    expect(await ongoing()).toMatchObject({ status: 'answered', leadId: known.id })
    expect((await userRow(teleopId)).callingLeadId).toBe(known.id)
  })

  it('blocks answering while a previous call is untagged, unless bypassed', async () => {
    const lead = await insertLead(t.database.db, marketId, { phone: '+33655555555' })
    const past = new Date(Date.now() - 600_000)
    await t.database.db.insert(calls).values({
      provider: 'simulator',
      providerCallId: 'old-1',
      direction: 'outbound',
      status: 'ended',
      userId: teleopId,
      leadId: lead.id,
      phoneNumber: '+33655555555',
      startedAt: past,
      answeredAt: past,
      endedAt: past,
      sourceUpdatedAt: past,
    })
    await teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: teleopId, fromNumber: '+33 6 00 00 00 01' },
    })
    const blocked = await teleop.request({ method: 'POST', url: '/api/call/inbound/answer', payload: {} })
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().error.code).toBe('UNTAGGED_CALL')
    const ok = await teleop.request({
      method: 'POST',
      url: '/api/call/inbound/answer',
      payload: { bypassUntaggedLeadCheck: true },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().redirect).toBe('/home')
  })

  it('misses an inbound call from the dev tools', async () => {
    await teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: teleopId, fromNumber: '+33600000009' },
    })
    const { callId } = await ongoing()
    expect(
      (await teleop.request({ method: 'POST', url: `/api/dev/telephony/${callId}/miss` })).statusCode,
    ).toBe(200)
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, callId))
    expect(row).toMatchObject({ status: 'missed', missedReason: 'agents_did_not_answer' })
    expect(
      (await teleop.request({ method: 'POST', url: `/api/dev/telephony/${callId}/answer` })).statusCode,
    ).toBe(409)
  })

  it('force-ends the user’s own call, a supervisor may too, another teleoperator may not (as if missing)', async () => {
    const lead = await heldLead(teleopId)
    const { callId } = (
      await teleop.request({ method: 'POST', url: '/api/call/start-outbound', payload: { leadId: lead.id } })
    ).json()
    await t.app.telephony.idle()
    const other = await as('other@test.fr')
    expect(
      (await other.request({ method: 'POST', url: '/api/call/force-end', payload: { callId } })).statusCode,
    ).toBe(404)
    await insertUser(t.database.db, { email: 'elsewhere@test.fr', role: 'MANAGER' })
    const elsewhere = await as('elsewhere@test.fr')
    expect(
      (await elsewhere.request({ method: 'POST', url: '/api/call/force-end', payload: { callId } }))
        .statusCode,
    ).toBe(404)
    const manager = await as('manager@test.fr')
    expect(
      (await manager.request({ method: 'POST', url: '/api/call/force-end', payload: { callId } })).statusCode,
    ).toBe(200)
    expect(await ongoing()).toMatchObject({ status: 'done' })
    expect((await userRow(teleopId)).callingLeadId).toBeNull()
    expect(
      (await teleop.request({ method: 'POST', url: '/api/call/force-end', payload: { callId } })).statusCode,
    ).toBe(200)
  })

  it('links a call to a lead', async () => {
    await teleop.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: teleopId, fromNumber: '+33600000010' },
    })
    const { callId } = await ongoing()
    const lead = await insertLead(t.database.db, marketId)
    const res = await teleop.request({ method: 'POST', url: `/api/call/${callId}/link-lead/${lead.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().redirect).toBe(`/lead/${lead.uuid}`)
    expect(await ongoing()).toMatchObject({ leadId: lead.id })
    expect((await userRow(teleopId)).callingLeadId).toBe(lead.id)
    const other = await as('other@test.fr')
    expect(
      (await other.request({ method: 'POST', url: `/api/call/${callId}/link-lead/${lead.id}` })).statusCode,
    ).toBe(404)
  })

  it('links an Aircall account by a given id (admins only), never to two users', async () => {
    const admin = await as('admin@test.fr')
    const nolinkId = (await t.database.db.select().from(users).where(eq(users.email, 'nolink@test.fr')))[0]!
      .id
    expect(
      (
        await teleop.request({
          method: 'POST',
          url: `/api/user/${nolinkId}/link-aircall-account`,
          payload: { aircallId: 9 },
        })
      ).statusCode,
    ).toBe(403)
    const taken = await admin.request({
      method: 'POST',
      url: `/api/user/${nolinkId}/link-aircall-account`,
      payload: { aircallId: 501 },
    })
    expect(taken.statusCode).toBe(409)
    const ok = await admin.request({
      method: 'POST',
      url: `/api/user/${nolinkId}/link-aircall-account`,
      payload: { aircallId: 9 },
    })
    expect(ok.statusCode).toBe(200)
    expect((await userRow(nolinkId)).aircallId).toBe(9)
  })
})

describe('call routes on Aircall (local fake)', () => {
  let fake: FakeAircall
  beforeAll(async () => {
    fake = await startFakeAircall()
  })
  afterAll(() => fake.close())
  const server = signedInServer({
    config: () => ({
      telephonyProvider: 'aircall',
      aircall: { apiId: fake.apiId, apiToken: fake.apiToken, apiUrl: fake.url, webhookToken: 'tok' },
    }),
    users: {
      teleop: { aircallId: null, signIn: false },
      admin: { role: 'ADMIN', aircallId: null, signIn: false },
    },
  })
  beforeAll(() => {
    t = server
  })
  beforeEach(async () => {
    fake.requests = []
    fake.users = [
      { id: 7001, email: 'Teleop@Test.fr', name: 'Camille' },
      { id: 7002, email: 'x@test.fr', name: 'X' },
    ]
    fake.numbers = [{ id: 301, name: 'Paris', digits: '+33 1 76 36 06 95', userIds: [7001] }]
    teleopId = server.users.teleop.id
    marketId = (await insertMission(t.database.db, { userIds: [teleopId] })).market.id
  })

  it('links the Aircall user with the same e-mail, then starts a call through the API', async () => {
    const admin = createAgent(t.app)
    await admin.login('admin@test.fr')
    const linked = await admin.request({
      method: 'POST',
      url: `/api/user/${teleopId}/link-aircall-account`,
      payload: {},
    })
    expect(linked.statusCode).toBe(200)
    expect((await userRow(teleopId)).aircallId).toBe(7001)

    teleop = createAgent(t.app)
    await teleop.login('teleop@test.fr')
    const lead = await heldLead(teleopId, '+33612345678')
    const res = await teleop.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id },
    })
    expect(res.statusCode).toBe(200)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/users/7001/calls',
      body: { number_id: 301, to: '+33612345678' },
    })
    const [row] = await t.database.db.select().from(calls)
    expect(row).toMatchObject({ provider: 'aircall', status: 'initial', numberId: '301', leadId: lead.id })
    expect(row!.providerCallId).toMatch(/^pending:/)
  })

  it('forgets the pending call when Aircall refuses, and says why in French', async () => {
    await t.database.db.update(users).set({ aircallId: 7002 }).where(eq(users.id, teleopId))
    teleop = createAgent(t.app)
    await teleop.login('teleop@test.fr')
    const lead = await heldLead(teleopId)
    const res = await teleop.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id, numberId: 301 },
    })
    expect(res.statusCode).toBe(502)
    expect(res.json().error.message).toMatch(/Aircall Workspace/)
    expect(await t.database.db.select().from(calls)).toEqual([])
    const [after] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after!.processingUserId).toBe(teleopId)
  })
})
