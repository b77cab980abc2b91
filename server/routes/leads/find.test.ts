// @both-databases: the hand-out's single statement (prepared on PostgreSQL).
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leadEvents, leads, missions, users } from '../../db/schema.ts'

const DAY = 24 * 60 * 60 * 1000
const t = signedInServer({ users: { teleop: {} } })
const { teleop: me } = t.users
const { teleop: agent } = t.agents

const find = () => agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })

describe('POST /api/lead/find-lead-to-process', () => {
  it('assigns the oldest new lead of the user’s missions and records it', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    const recent = await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 2 * DAY) })
    const oldest = await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 5 * DAY) })
    const res = await find()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ redirect: `/lead/${oldest.uuid}` })
    const [lead] = await db.select().from(leads).where(eq(leads.id, oldest.id))
    expect(lead!.processingUserId).toBe(me.id)
    expect(lead!.processingSince).not.toBeNull()
    const [user] = await db.select().from(users).where(eq(users.id, me.id))
    expect(user!.processingLeadId).toBe(oldest.id)
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, oldest.id))
    expect(events.map((e) => e.kind)).toEqual(['assignment'])
    const [other] = await db.select().from(leads).where(eq(leads.id, recent.id))
    expect(other!.processingUserId).toBeNull()
  })

  it('never hands out nor lets pick a lead of an archived mission (issue #12)', async () => {
    const { db } = t.database
    const { mission, market } = await insertMission(db, { userIds: [me.id] })
    const lead = await insertLead(db, market.id)
    await db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, mission.id))
    const res = await find()
    expect(res.statusCode).toBe(200)
    expect(res.json().redirect).toBeUndefined()
    const pick = await agent.request({ method: 'POST', url: `/api/lead/search/pick/${lead.id}` })
    expect(pick.statusCode).toBe(409)
    const [row] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(row!.processingUserId).toBeNull()
    const search = await agent.request({ method: 'GET', url: `/api/lead/search/${lead.lastName}/1` })
    expect(search.json().items[0]).toMatchObject({ canPick: false, pickRefusal: 'MISSION_ARCHIVED' })
  })

  it('gives due recalls before new leads, oldest recall first, and skips recalls not yet due', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 30 * DAY) })
    await insertLead(db, market.id, { status: 'RECALL', recallAt: new Date(Date.now() + 3600_000) })
    const later = await insertLead(db, market.id, {
      status: 'RECALL',
      recallAt: new Date(Date.now() - 60_000),
    })
    const first = await insertLead(db, market.id, {
      status: 'RECALL',
      recallAt: new Date(Date.now() - 3600_000),
    })
    expect((await find()).json()).toEqual({ redirect: `/lead/${first.uuid}` })
    // Released as the product releases (both sides of the holding), and closed.
    await db
      .update(leads)
      .set({ processingUserId: null, status: 'APPOINTMENT' })
      .where(eq(leads.id, first.id))
    await db.update(users).set({ processingLeadId: null }).where(eq(users.id, me.id))
    expect((await find()).json()).toEqual({ redirect: `/lead/${later.uuid}` })
  })

  it('gives a recall without a date before the dated due ones (due at once)', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    await insertLead(db, market.id, { status: 'RECALL', recallAt: new Date(Date.now() - 3600_000) })
    const undated = await insertLead(db, market.id, { status: 'UNREACHABLE', recallAt: null })
    expect((await find()).json()).toEqual({ redirect: `/lead/${undated.uuid}` })
  })

  it('never hands out an expired lead, a lead held by someone else or a final one', async () => {
    const { db } = t.database
    const other = await insertUser(db)
    const { market } = await insertMission(db, { userIds: [me.id], durationDays: 30 })
    await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 31 * DAY) })
    await insertLead(db, market.id, { processingUserId: other.id, processingSince: new Date() })
    for (const status of ['APPOINTMENT', 'NOT_INTERESTED', 'WRONG_NUMBER'] as const)
      await insertLead(db, market.id, { status })
    await insertLead(db, market.id, { status: 'IN_PROGRESS', substatus: 'WAITING_FOR_FORCED_RDV' })
    const res = await find()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
    const fresh = await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 29 * DAY) })
    expect((await find()).json()).toEqual({ redirect: `/lead/${fresh.uuid}` })
  })

  it('gives a teleoperator of no mission the “nothing to process” message', async () => {
    const { db } = t.database
    const { market } = await insertMission(db)
    await insertLead(db, market.id)
    const res = await find()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
    expect(res.json()).not.toHaveProperty('redirect')
  })

  it('refuses a user who is not call-capable', async () => {
    await insertUser(t.database.db, { email: 'admin@test.fr', role: 'ADMIN' })
    const admin = createAgent(t.app)
    await admin.login('admin@test.fr')
    const res = await admin.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toMatch(/droits|téléopérateurs/)
  })

  describe('blocking causes', () => {
    it('UNFINISHED_PROCESSING_LEAD: the held lead’s sheet', async () => {
      const { db } = t.database
      const { market } = await insertMission(db, { userIds: [me.id] })
      await insertLead(db, market.id)
      await insertLead(db, market.id)
      const first = (await find()).json().redirect as string
      const res = await find()
      expect(res.statusCode).toBe(403)
      expect(res.json().redirect).toBe(`${first}?redirect=${first}&cause=UNFINISHED_PROCESSING_LEAD`)
      expect(res.json().error.code).toBe('UNFINISHED_PROCESSING_LEAD')
      expect(res.json().error.message).toMatch(/terminez/)
    })

    it('UNTAGGED_CALL: the untagged call’s lead, before the held lead', async () => {
      const { db } = t.database
      const { market } = await insertMission(db, { userIds: [me.id] })
      const called = await insertLead(db, market.id)
      await insertLead(db, market.id, { processingUserId: me.id })
      await insertCall(db, { userId: me.id, leadId: called.id, endedAt: new Date() })
      const res = await find()
      expect(res.statusCode).toBe(403)
      expect(res.json().redirect).toBe(
        `/lead/${called.uuid}?redirect=/lead/${called.uuid}&cause=UNTAGGED_CALL`,
      )
    })

    it('ONGOING_CALL: the call’s lead, else the held lead, else home', async () => {
      const { db } = t.database
      const { market } = await insertMission(db, { userIds: [me.id] })
      const called = await insertLead(db, market.id)
      const call = await insertCall(db, { userId: me.id, leadId: called.id })
      let res = await find()
      expect(res.statusCode).toBe(403)
      expect(res.json().redirect).toBe(
        `/lead/${called.uuid}?redirect=/lead/${called.uuid}&cause=ONGOING_CALL`,
      )
      await db.delete(calls)
      await insertCall(db, { userId: me.id })
      res = await find()
      expect(res.json().redirect).toBe('/home?redirect=/home&cause=ONGOING_CALL')
      const held = await insertLead(db, market.id, { processingUserId: me.id })
      res = await find()
      expect(res.json().redirect).toBe(`/lead/${held.uuid}?redirect=/lead/${held.uuid}&cause=ONGOING_CALL`)
      expect(call.id).toBeGreaterThan(0)
    })
  })

  it('publishes the lead update on the user’s channel', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    const lead = await insertLead(db, market.id)
    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))
    await find()
    off()
    expect(seen).toContainEqual({
      channel: `user:${me.id}:lead:update`,
      data: { leadId: lead.id, uuid: lead.uuid, reason: 'assignment' },
    })
  })

  it('two tabs of one user asking at once get one lead', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    await insertLead(db, market.id)
    await insertLead(db, market.id)
    const results = await Promise.all([find(), find()])
    expect(results.map((r) => r.statusCode).toSorted()).toEqual([200, 403])
    expect(await db.select().from(leads).where(eq(leads.processingUserId, me.id))).toHaveLength(1)
  })
})
