import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'
import { callProcessSteps, calls, configuration, leadEvents, leads, users } from '../../db/schema.ts'

const DAY = 24 * 60 * 60 * 1000
const t = signedInServer({
  users: { teleop: {}, manager: { role: 'MANAGER' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'manager'],
})
const { teleop: me } = t.users
const { teleop: agent, manager } = t.agents

describe('GET /api/lead/{id}', () => {
  it('answers the lead with market, mission, ordered steps and tags, expiration and max step', async () => {
    const { db } = t.database
    const { market, mission } = await insertMission(db, {
      userIds: [me.id],
      teamIds: [t.teamId],
      durationDays: 30,
    })
    const meet = new Date(Date.now() - 40 * DAY)
    const lead = await insertLead(db, market.id, { meetRequestDate: meet, processingUserId: me.id })
    for (const url of [
      `/api/lead/${lead.uuid}`,
      `/api/lead/${lead.id}`,
      `/api/lead?id=${lead.uuid}`,
      `/api/lead?id=${lead.id}`,
    ]) {
      const res = await agent.request({ url })
      expect(res.statusCode, url).toBe(200)
      const body = res.json()
      expect(body.uuid).toBe(lead.uuid)
      expect(body.market).toMatchObject({
        id: market.id,
        mission: {
          id: mission.id,
          color: '#123456',
          bannerUrl: '/banners/a.webp',
          leadProcessingDurationDays: 30,
        },
      })
      expect(
        body.market.mission.callProcess.callProcessSteps.map((s: { number: number }) => s.number),
      ).toEqual([1, 2])
      expect(
        body.market.mission.callProcess.callProcessSteps[0].callProcessTags.map(
          (tag: { label: string }) => tag.label,
        ),
      ).toEqual(['Suite', 'Rappeler'])
      expect(body.processingUser).toEqual({ id: me.id, firstName: 'Camille', lastName: expect.any(String) })
      expect(body.expirationDate).toBe(new Date(meet.getTime() + 30 * DAY).toISOString())
      expect(body.isExpired).toBe(true)
      expect(body.maxStep).toBe(2)
    }
  })

  it('proposes the centre’s default recall delay for a call-back outcome without a delay of its own', async () => {
    const { db } = t.database
    await db.insert(configuration).values({ key: 'defaultRecallDelayMinutes', value: 95 })
    const { market } = await insertMission(db, {
      userIds: [me.id],
      teamIds: [t.teamId],
      tags: [
        { label: 'Rappel à convenir', status: 'RECALL', asksRecallDate: true, recallDelayMinutes: null },
        { label: 'Rappel demain', status: 'RECALL', asksRecallDate: true, recallDelayMinutes: 1440 },
      ],
    })
    const lead = await insertLead(db, market.id, { processingUserId: me.id })
    const sheet = (await agent.request({ url: `/api/lead/${lead.uuid}` })).json()
    const outcomes = sheet.market.mission.callProcess.callProcessSteps[0].callProcessTags as {
      label: string
      recallDelayMinutes: number | null
    }[]
    const delayOf = (label: string) => outcomes.find((outcome) => outcome.label === label)?.recallDelayMinutes
    expect(delayOf('Rappel à convenir')).toBe(95)
    expect(delayOf('Rappel demain')).toBe(1440)
    // An outcome that asks no date keeps its own (here none).
    expect(delayOf('Suite')).toBeNull()
  })

  it('gives max step 0 for a call process without steps, and 404 for an unknown lead', async () => {
    const { db } = t.database
    const { market, mission } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    await db.delete(callProcessSteps).where(eq(callProcessSteps.callProcessId, mission.callProcessId!))
    const lead = await insertLead(db, market.id)
    const body = (await agent.request({ url: `/api/lead/${lead.id}` })).json()
    expect(body.maxStep).toBe(0)
    expect(body.isExpired).toBe(false)
    expect((await agent.request({ url: '/api/lead/999999' })).statusCode).toBe(404)
    expect((await agent.request({ url: '/api/lead/not-a-uuid' })).statusCode).toBe(400)
  })

  it('answers a teleoperator the leads of other missions like unknown ones; their manager reads them', async () => {
    const { db } = t.database
    const managerId = (await db.select().from(users).where(eq(users.email, 'manager@test.fr')))[0]!.id
    const { market } = await insertMission(db, { userIds: [managerId] })
    const lead = await insertLead(db, market.id)
    const refused = await agent.request({ url: `/api/lead/${lead.uuid}` })
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Lead introuvable.' } })
    expect((await manager.request({ url: `/api/lead/${lead.uuid}` })).statusCode).toBe(200)
  })

  it('names the reader’s own call that still needs its outcome (myCallId), and only theirs', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id)
    const read = async (who: Agent) => (await who.request({ url: `/api/lead/${lead.uuid}` })).json().myCallId
    expect(await read(agent)).toBeNull()
    // An inbound call answered on a lead nobody holds, then hung up: ended, not tagged.
    const call = await insertCall(db, {
      userId: me.id,
      direction: 'inbound',
      status: 'ended',
      detectedLeadId: lead.id,
      endedAt: new Date(),
    })
    expect(await read(agent)).toBe(call.id)
    expect(await read(manager)).toBeNull()
    await db.update(calls).set({ leadTagId: 1 }).where(eq(calls.id, call.id))
    expect(await read(agent)).toBeNull()
  })

  it('says whether the reader may record the outcome now (canRecordOutcome), as tagging decides', async () => {
    const { db } = t.database
    const other = await insertUser(db, { email: 'other@test.fr' })
    const { market } = await insertMission(db, { userIds: [me.id, other.id], teamIds: [t.teamId] })
    // Issue #29: the form is open to the holder; its outcome still needs their call (409 without).
    const situations = [
      {
        situation: 'the lead the reader processes',
        processingUserId: me.id,
        myCall: true,
        may: true,
        status: 200,
      },
      {
        situation: 'the lead the reader processes, not called yet',
        processingUserId: me.id,
        myCall: false,
        may: true,
        status: 409,
      },
      {
        situation: 'a lead another user processes',
        processingUserId: other.id,
        myCall: true,
        may: false,
        status: 403,
      },
      {
        situation: 'a free lead with the reader’s call',
        processingUserId: null,
        myCall: true,
        may: true,
        status: 200,
      },
      { situation: 'a free lead without it', processingUserId: null, myCall: false, may: false, status: 403 },
    ]
    for (const { situation, processingUserId, myCall, may, status } of situations) {
      const lead = await insertLead(db, market.id, { processingUserId })
      // An inbound call answered on the lead, then hung up: ended, not tagged.
      if (myCall)
        await insertCall(db, {
          userId: me.id,
          direction: 'inbound',
          status: 'ended',
          detectedLeadId: lead.id,
          endedAt: new Date(),
        })
      const sheet = (await agent.request({ url: `/api/lead/${lead.uuid}` })).json()
      expect(sheet.canRecordOutcome, situation).toBe(may)
      // The same answer as the tagging route's.
      const [tag] = sheet.market.mission.callProcess.callProcessSteps[0].callProcessTags
      const tagged = await agent.request({
        method: 'POST',
        url: '/api/calls/tag',
        payload: { leadId: lead.id, callId: null, callProcessTagId: tag.id },
      })
      expect(tagged.statusCode, situation).toBe(status)
    }
  })

  it('keeps the outcome closed to a manager on a lead someone else processes', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id, { processingUserId: me.id })
    const read = async (who: Agent) =>
      (await who.request({ url: `/api/lead/${lead.uuid}` })).json().canRecordOutcome
    expect(await read(agent)).toBe(true)
    expect(await read(manager)).toBe(false)
  })
})

describe('history and comment', () => {
  it('the processing user comments; the history lists it newest first with the user', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    await insertLead(db, market.id)
    const find = await agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    const uuid = (find.json().redirect as string).split('/').pop()!
    const [lead] = await db.select().from(leads).where(eq(leads.uuid, uuid))
    const res = await agent.request({
      method: 'PUT',
      url: `/api/lead/${lead!.id}/comment`,
      payload: { comment: ' Rappeler le soir ' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().comment).toBe('Rappeler le soir')
    const history = (await agent.request({ url: `/api/lead/${uuid}/history` })).json()
    expect(history.map((e: { kind: string }) => e.kind)).toEqual(['comment', 'assignment'])
    expect(history[0].user).toMatchObject({ id: me.id, firstName: 'Camille' })
    expect(history[0].data).toEqual({ comment: 'Rappeler le soir' })
  })

  it('gives each outcome the call it belongs to, the correction too; other events none', async () => {
    const { db } = t.database
    const { market, tags } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id, { processingUserId: me.id, processingSince: new Date() })
    const endedAt = new Date()
    const call = await insertCall(db, {
      userId: me.id,
      leadId: lead.id,
      startedAt: new Date(endedAt.getTime() - 150_000),
      answeredAt: new Date(endedAt.getTime() - 125_000),
      endedAt,
      status: 'done',
    })
    const [recall, suite] = [
      tags.find((tag) => tag.label === 'Rappeler')!,
      tags.find((tag) => tag.label === 'Suite')!,
    ]
    const tagged = await agent.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId: lead.id, callId: call.id, callProcessTagId: recall.id, comment: 'Le matin' },
    })
    expect(tagged.statusCode).toBe(200)
    const corrected = await agent.request({
      method: 'PUT',
      url: `/api/lead/${lead.id}/lead-tag/${tagged.json().leadTagId}`,
      payload: { callProcessTagId: suite.id, step: 2, status: 'IN_PROGRESS', substatus: null },
    })
    expect(corrected.statusCode).toBe(200)
    // A missed inbound call, tagged on the same lead.
    const missed = await insertCall(db, {
      userId: me.id,
      leadId: lead.id,
      direction: 'inbound',
      startedAt: new Date(endedAt.getTime() + 1000),
      endedAt: new Date(endedAt.getTime() + 20_000),
      status: 'done',
    })
    await db.update(leads).set({ processingUserId: me.id }).where(eq(leads.id, lead.id))
    await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
    // Issue #29 point 3: « RDV pris » is recorded with its booking (two entries: outcome, booking).
    const second = await agent.request({
      method: 'POST',
      url: `/api/lead/${lead.id}/appointment`,
      payload: {
        startsAt: offeredDays(new Date())[1]!.slots[0]!.startsAt.toISOString(),
        outcome: { callId: missed.id, callProcessTagId: tags.find((tag) => tag.label === 'RDV pris')!.id },
      },
    })
    expect(second.statusCode).toBe(200)

    const res = await agent.request({ url: `/api/lead/${lead.uuid}/history` })
    expect(res.statusCode).toBe(200)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer as JSON, read field by field
    const entries: { kind: string; call: any; data: any }[] = res.json()
    expect(entries.map((e) => e.kind).sort()).toEqual(['appointment', 'tag', 'tag', 'tag'])
    expect(entries.find((e) => e.kind === 'appointment')!.call).toBeNull()
    const history = entries.filter((e) => e.kind === 'tag')
    const answered = {
      id: call.id,
      direction: 'outbound',
      outcome: 'answered',
      startedAt: call.startedAt.toISOString(),
      durationSeconds: 125,
    }
    expect(history[0]!.call).toEqual({
      id: missed.id,
      direction: 'inbound',
      outcome: 'missed',
      startedAt: missed.startedAt.toISOString(),
      durationSeconds: null,
    })
    expect(history[1]).toMatchObject({ data: { corrected: true, after: { label: 'Suite' } }, call: answered })
    expect(history[2]).toMatchObject({
      data: { label: 'Rappeler', callId: call.id, comment: 'Le matin', status: 'RECALL' },
      user: { id: me.id },
      call: answered,
    })
    expect(history[2]!.data.recallAt).toEqual(expect.any(String))
  })

  it('lists a call nobody recorded an outcome for as its own entry, a detected inbound one too (issue #11)', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id)
    const base = Date.now() - 3_600_000
    // An unanswered outbound call on the lead, then a missed inbound call only detected from the number.
    const unanswered = await insertCall(db, {
      userId: me.id,
      leadId: lead.id,
      startedAt: new Date(base),
      endedAt: new Date(base + 30_000),
      status: 'done',
    })
    const detected = await insertCall(db, {
      userId: me.id,
      detectedLeadId: lead.id,
      direction: 'inbound',
      startedAt: new Date(base + 600_000),
      endedAt: new Date(base + 620_000),
      status: 'done',
    })
    const history = (await agent.request({ url: `/api/lead/${lead.uuid}/history` })).json()
    const callEntries = history.filter((entry: { kind: string }) => entry.kind === 'call')
    expect(callEntries.map((entry: { call: { id: number } }) => entry.call.id)).toEqual([
      detected.id,
      unanswered.id,
    ])
    expect(callEntries[0]).toMatchObject({
      user: { id: me.id },
      createdAt: detected.startedAt.toISOString(),
      call: { direction: 'inbound', outcome: 'missed', durationSeconds: null },
    })
    // One time order across the events and the calls: newest first.
    const times = history.map((entry: { createdAt: string }) => entry.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('refuses the comment of a teleoperator who does not process the lead, and a too long one', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id)
    const url = `/api/lead/${lead.id}/comment`
    expect((await agent.request({ method: 'PUT', url, payload: { comment: 'x' } })).statusCode).toBe(403)
    expect((await manager.request({ method: 'PUT', url, payload: { comment: 'x' } })).statusCode).toBe(200)
    const tooLong = await manager.request({ method: 'PUT', url, payload: { comment: 'x'.repeat(5001) } })
    expect(tooLong.statusCode).toBe(400)
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toHaveLength(1)
  })
})

describe('viewing and unassigning', () => {
  it('records the lead page the user views, readable by the user and managers only', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id)
    expect(
      (
        await agent.request({
          method: 'POST',
          url: '/api/users/view-lead-page',
          payload: { leadId: lead.id },
        })
      ).statusCode,
    ).toBe(200)
    expect((await agent.request({ url: `/api/user/${me.id}/viewing-lead` })).json()).toEqual({
      viewingLeadId: lead.id,
      lead: { id: lead.id, uuid: lead.uuid },
    })
    expect((await agent.request({ url: '/api/user/me' })).json().viewingLeadId).toBe(lead.id)
    const managerId = (await db.select().from(users).where(eq(users.email, 'manager@test.fr')))[0]!.id
    expect((await agent.request({ url: `/api/user/${managerId}/viewing-lead` })).statusCode).toBe(404)
    expect((await manager.request({ url: `/api/user/${me.id}/viewing-lead` })).json().viewingLeadId).toBe(
      lead.id,
    )
    await agent.request({ method: 'POST', url: '/api/users/quit-lead-page' })
    expect((await agent.request({ url: `/api/user/${me.id}/viewing-lead` })).json()).toEqual({
      viewingLeadId: null,
      lead: null,
    })
  })

  it('refuses to view a lead of another mission, like an unknown one', async () => {
    const { market } = await insertMission(t.database.db)
    const lead = await insertLead(t.database.db, market.id)
    const res = await agent.request({
      method: 'POST',
      url: '/api/users/view-lead-page',
      payload: { leadId: lead.id },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })

  it('frees the held lead, unless a call on it is ongoing or untagged', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    await insertLead(db, market.id)
    await agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    const [held] = await db.select().from(leads).where(eq(leads.processingUserId, me.id))
    const call = await insertCall(db, { userId: me.id, leadId: held!.id, endedAt: new Date() })
    const refused = await agent.request({ method: 'POST', url: '/api/users/unassign-lead-from-user' })
    expect(refused.statusCode).toBe(409)
    await db.delete(calls).where(eq(calls.id, call.id))
    const res = await agent.request({ method: 'POST', url: '/api/users/unassign-lead-from-user' })
    expect(res.statusCode).toBe(200)
    const [lead] = await db.select().from(leads).where(eq(leads.id, held!.id))
    expect(lead!.processingUserId).toBeNull()
    expect((await agent.request({ url: '/api/user/me' })).json().processingLeadId).toBeNull()
    // Free again: the next find hands it out anew.
    expect(
      (await agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })).json().redirect,
    ).toBe(`/lead/${lead!.uuid}`)
  })
})
