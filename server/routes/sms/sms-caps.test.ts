// @both-databases: SMS caps held by two processes on one database.
// Issue #26 point 2, the caps (docs/domain.md "SMS", "Guards"): SMS a person asks for are capped per
// lead (2 in 24 hours) and per sender (30 in an hour), both in the configuration; beyond, a French
// 429 says when the next may go, and the refusal is in the send log. The caps count the log, so they
// hold under simultaneous requests, within one process and across two (PostgreSQL).
import { beforeEach, describe, expect, it } from 'vitest'
import type { SmsLog } from '../../../src/contracts/sms.ts'
import { smsMessages } from '../../db/schema.ts'
import { insertLead, insertLeads, insertMission } from '../../../tests/factories/leads.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, teleop: {} } })
const { admin, teleop } = t.agents
/** Tuesday 3 March 2026, 10:00 in Paris: within the SMS hours. */
const OPEN = new Date('2026-03-03T09:00:00Z')
const HOUR = 3_600_000

let marketId: number
beforeEach(async () => {
  t.app.sms.now = () => OPEN
  marketId = (await insertMission(t.database.db, { userIds: [t.users.teleop.id] })).market.id
})

const heldLead = () => insertLead(t.database.db, marketId, { processingUserId: t.users.teleop.id })

const send = (leadId: number, agent: Agent = teleop) =>
  agent.request({ method: 'POST', url: `/api/lead/${leadId}/sms`, payload: { template: 'missed-call' } })

async function setLimits(value: { perLeadPerDay: number; perAgentPerHour: number }) {
  const res = await admin.request({
    method: 'PUT',
    url: '/api/configuration/smsLimits',
    payload: { value, version: 1 },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** The log in order: each SMS refused (its status), or accepted (queued, then sent by the simulator). */
const statuses = async () =>
  (await t.database.db.select().from(smsMessages).orderBy(smsMessages.id)).map((row) =>
    row.status.startsWith('refused') ? row.status : 'accepted',
  )

describe('the per-lead cap', () => {
  it('lets 2 SMS a lead in 24 hours, refuses the third with a French 429 that says when, logged', async () => {
    const lead = await heldLead()
    expect((await send(lead.id)).statusCode).toBe(200)
    t.app.sms.now = () => new Date(OPEN.getTime() + 2 * HOUR)
    expect((await send(lead.id)).statusCode).toBe(200)
    const refused = await send(lead.id)
    expect(refused.statusCode).toBe(429)
    const message =
      'Ce lead a déjà reçu 2 SMS en 24 heures : prochain envoi possible le mercredi 4 mars à 10:00.'
    expect(refused.json()).toEqual({ error: { code: 'SMS_LIMIT', message } })
    expect(refused.headers['retry-after']).toBe(String(22 * 3600))
    expect(await statuses()).toEqual(['accepted', 'accepted', 'refused-limit'])
    // The sheet says it before sending; the administrators' log shows the refusal with its reason.
    const options = await teleop.request({ url: `/api/lead/${lead.id}/sms` })
    expect(options.json().refusal).toBe(message)
    const log = (await admin.request({ url: '/api/sms/messages?status=refused-limit' })).json<SmsLog>()
    expect(log.items).toMatchObject([{ leadId: lead.id, status: 'refused-limit', error: message }])

    // 24 hours after the first, one more may go (the second still counts).
    t.app.sms.now = () => new Date(OPEN.getTime() + 24 * HOUR)
    expect((await send(lead.id)).statusCode).toBe(200)
    expect((await send(lead.id)).statusCode).toBe(429)
  })

  it('reads the cap from the configuration, and counts another agent’s SMS to the lead', async () => {
    await setLimits({ perLeadPerDay: 1, perAgentPerHour: 30 })
    const lead = await heldLead()
    expect((await send(lead.id, admin)).statusCode).toBe(200)
    const refused = await send(lead.id)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(
      'Ce lead a déjà reçu 1 SMS en 24 heures : prochain envoi possible le mercredi 4 mars à 10:00.',
    )
  })
})

describe('the per-sender cap', () => {
  it('refuses the sender past the configured SMS an hour, whatever the lead, until the hour is over', async () => {
    await setLimits({ perLeadPerDay: 2, perAgentPerHour: 3 })
    const leads = [await heldLead(), await heldLead(), await heldLead(), await heldLead()]
    for (const [i, lead] of leads.slice(0, 3).entries()) {
      t.app.sms.now = () => new Date(OPEN.getTime() + i * 10 * 60_000)
      expect((await send(lead.id)).statusCode).toBe(200)
    }
    const refused = await send(leads[3]!.id)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toBe(
      'Vous avez déjà envoyé 3 SMS en une heure : prochain envoi possible le mardi 3 mars à 11:00.',
    )
    // Another person may still text that lead; the sender may again an hour after their first.
    expect((await send(leads[3]!.id, admin)).statusCode).toBe(200)
    t.app.sms.now = () => new Date(OPEN.getTime() + HOUR)
    expect((await send(leads[3]!.id)).statusCode).toBe(200)
    expect(await statuses()).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'refused-limit',
      'accepted',
      'accepted',
    ])
  })
})

describe('simultaneous requests', () => {
  it('8 sends to one lead at once: 2 go, 6 get the 429, and the log agrees', async () => {
    const lead = await heldLead()
    const responses = await Promise.all(Array.from({ length: 8 }, () => send(lead.id)))
    const codes = responses.map((res) => res.statusCode).sort()
    expect(codes).toEqual([200, 200, 429, 429, 429, 429, 429, 429])
    expect((await statuses()).sort()).toEqual([
      'accepted',
      'accepted',
      ...Array<string>(6).fill('refused-limit'),
    ])
  })

  it('one sender’s sends to 6 leads at once under a cap of 3: 3 go', async () => {
    await setLimits({ perLeadPerDay: 2, perAgentPerHour: 3 })
    const leads = await Promise.all(Array.from({ length: 6 }, () => heldLead()))
    const responses = await Promise.all(leads.map((lead) => send(lead.id)))
    expect(responses.filter((res) => res.statusCode === 200)).toHaveLength(3)
    expect(responses.filter((res) => res.statusCode === 429)).toHaveLength(3)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one database (PostgreSQL)', () => {
  const start = serverProcessesOnOneDatabase()

  it('hold both caps: requests spread over two processes at once never pass them', async () => {
    const a = await start()
    const b = await start()
    for (const { app } of [a, b]) app.sms.now = () => OPEN
    const { db } = a.database
    await insertUser(db, { email: 'racer@test.fr', role: 'ADMIN' })
    const { market } = await insertMission(db)
    const [one, ...others] = await insertLeads(db, market.id, 7)
    const first = createAgent(a.app)
    await first.login('racer@test.fr')
    const second = createAgent(b.app)
    for (const [name, value] of first.cookies) second.cookies.set(name, value)
    const racers = [first, second]
    const config = await first.request({
      method: 'PUT',
      url: '/api/configuration/smsLimits',
      payload: { value: { perLeadPerDay: 2, perAgentPerHour: 3 }, version: 1 },
    })
    expect(config.statusCode).toBe(200)

    const toOne = await Promise.all(Array.from({ length: 10 }, (_, i) => send(one!.id, racers[i % 2])))
    expect(toOne.filter((res) => res.statusCode === 200)).toHaveLength(2)
    expect(toOne.filter((res) => res.statusCode === 429)).toHaveLength(8)
    // Two sent this hour: one more may go under the sender's cap of 3, whichever lead it is for.
    const toOthers = await Promise.all(others.map((lead, i) => send(lead.id, racers[i % 2])))
    expect(toOthers.filter((res) => res.statusCode === 200)).toHaveLength(1)
    expect(toOthers.filter((res) => res.statusCode === 429)).toHaveLength(5)
    const logged = await db.select().from(smsMessages)
    expect(logged.filter((row) => !row.status.startsWith('refused'))).toHaveLength(3)
    expect(logged.filter((row) => row.status === 'refused-limit')).toHaveLength(13)
  })
})
