// Issue #17 point 1: a call's outcome is recorded once (docs/domain.md "Calls", Tagging and Link
// lead). Corrections go through PUT /api/lead/{leadId}/lead-tag/{leadTagId} (lead-tag.test.ts).
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import {
  insertCall,
  insertHeldLeadWithEndedCall,
  insertLead,
  insertMission,
} from '../../../tests/factories/leads.ts'
import { isUniqueViolation } from '../../db/client.ts'
import { calls, leadTags, users } from '../../db/schema.ts'
import { XP_PER_APPOINTMENT } from '../../domain/gamification/config.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'

const ALREADY_TAGGED = { code: 'CONFLICT', message: 'Cet appel a déjà une issue.' }
const t = signedInServer({ users: { teleop: {}, manager: { role: 'MANAGER' } }, team: ['teleop', 'manager'] })
const { teleop: me } = t.users
const { teleop: agent, manager } = t.agents

/**
 * A lead I hold and my ended call on it, on a mission opened to the team (its manager sees it);
 * insertMission's tags: "Suite" (step 1 → 2, 10 XP, goes on).
 */
async function heldLeadWithEndedCall() {
  const held = await insertHeldLeadWithEndedCall(t.database.db, me.id, [t.teamId])
  return { ...held, tag: (label: string) => held.tag(label).id }
}

function tag(who: Agent, payload: Record<string, unknown>) {
  return who.request({ method: 'POST', url: '/api/calls/tag', payload })
}

async function pointsOf(userId: number) {
  return (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.experiencePoints
}

describe('one outcome per call', () => {
  it('refuses to tag a call that already has its outcome (409), for the teleoperator and a manager', async () => {
    const { db } = t.database
    const { lead, call, tag: tagId } = await heldLeadWithEndedCall()
    // "Suite" moves the lead on in the same conversation (a progress mark): the call stays open for
    // the outcome of the step it ends on (issue #11).
    const progress = await tag(agent, { leadId: lead.id, callId: call.id, callProcessTagId: tagId('Suite') })
    expect(progress.statusCode).toBe(200)
    expect(progress.json()).toMatchObject({ progress: true, step: 2, redirect: `/lead/${lead.uuid}` })
    // Issue #29 point 3: « RDV pris » is recorded with its booking.
    const first = await agent.request({
      method: 'POST',
      url: `/api/lead/${lead.id}/appointment`,
      payload: {
        startsAt: offeredDays(new Date())[1]!.slots[0]!.startsAt.toISOString(),
        outcome: { callId: call.id, callProcessTagId: tagId('RDV pris') },
      },
    })
    expect(first.statusCode).toBe(200)
    for (const who of [agent, manager]) {
      const again = await tag(who, { leadId: lead.id, callId: call.id, callProcessTagId: tagId('RDV pris') })
      expect(again.statusCode).toBe(409)
      expect(again.json().error).toEqual(ALREADY_TAGGED)
    }
    const again = await tag(agent, { leadId: null, callId: call.id, callProcessTagId: tagId('RDV pris') })
    expect(again.json().error).toEqual(ALREADY_TAGGED)
    expect(await db.select().from(leadTags).where(eq(leadTags.callId, call.id))).toHaveLength(1)
    // Issue #29: one call earns once, for its outcome ("RDV pris", 50), the booking its own points; the
    // progress mark earns nothing.
    expect(await pointsOf(me.id)).toBe(50 + XP_PER_APPOINTMENT)
  })

  it('refuses to link a tagged call to another lead (409); the lead of its outcome links again', async () => {
    const { db } = t.database
    const { lead, call, market, tag: tagId } = await heldLeadWithEndedCall()
    await tag(agent, { leadId: lead.id, callId: call.id, callProcessTagId: tagId('Rappeler') })
    const another = await insertLead(db, market.id)
    for (const who of [agent, manager]) {
      const moved = await who.request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${another.id}` })
      expect(moved.statusCode).toBe(409)
      expect(moved.json().error).toEqual(ALREADY_TAGGED)
    }
    const same = await agent.request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${lead.id}` })
    expect(same.statusCode).toBe(200)
    expect((await db.select().from(calls).where(eq(calls.id, call.id)))[0]!.leadId).toBe(lead.id)
  })

  it('two simultaneous taggings of one call: one 200, one 409, one lead tag, points once', async () => {
    const { db } = t.database
    const { lead, call, tag: tagId } = await heldLeadWithEndedCall()
    const payload = { leadId: lead.id, callId: call.id, callProcessTagId: tagId('Rappeler') }
    const second = createAgent(t.app)
    for (const [name, value] of agent.cookies) second.cookies.set(name, value)
    const answers = await Promise.all([tag(agent, payload), tag(second, payload)])
    expect(answers.map((res) => res.statusCode).toSorted()).toEqual([200, 409])
    expect(answers.find((res) => res.statusCode === 409)!.json().error).toEqual(ALREADY_TAGGED)
    expect(await db.select().from(leadTags).where(eq(leadTags.callId, call.id))).toHaveLength(1)
    expect(await pointsOf(me.id)).toBe(5)
  })

  it('the database itself refuses a second lead tag on one call (lead_tags_call_key)', async () => {
    const { db } = t.database
    const { lead, call, tag: tagId } = await heldLeadWithEndedCall()
    const row = {
      leadId: lead.id,
      callId: call.id,
      callProcessTagId: tagId('Rappeler'),
      step: 1,
      status: 'RECALL' as const,
    }
    await db.insert(leadTags).values(row)
    const error = await db
      .insert(leadTags)
      .values(row)
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(isUniqueViolation(error)).toBe(true)
    // Lead tags without a call are not concerned.
    await db.insert(leadTags).values([
      { ...row, callId: null },
      { ...row, callId: null },
    ])
  })
})

describe('linking a call to a lead never reopens a closed one (issue #17)', () => {
  async function endedCallOnNoLead() {
    const { db } = t.database
    const fixture = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const call = await insertCall(db, { userId: me.id, endedAt: new Date(), status: 'done' })
    return { ...fixture, call }
  }

  it('a teleoperator links their call to a free lead pick would give, never to a closed or expired one', async () => {
    const { db } = t.database
    const { market, call } = await endedCallOnNoLead()
    const closed = await insertLead(db, market.id, { status: 'NOT_INTERESTED' })
    const waiting = await insertLead(db, market.id, {
      status: 'IN_PROGRESS',
      substatus: 'WAITING_FOR_FORCED_RDV',
    })
    const expired = await insertLead(db, market.id, {
      meetRequestDate: new Date(Date.now() - 400 * 86_400_000),
    })
    for (const lead of [closed, waiting, expired]) {
      const res = await agent.request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${lead.id}` })
      expect(res.statusCode, lead.status).toBe(409)
      expect(res.json().error.message).toBe(
        'Ce lead n’est pas disponible : il est expiré, clos ou attend un rendez-vous imposé.',
      )
    }
    expect((await db.select().from(calls).where(eq(calls.id, call.id)))[0]!.leadId).toBeNull()
    // A manager reviewing the call may still put it on the closed lead.
    expect(
      (await manager.request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${closed.id}` }))
        .statusCode,
    ).toBe(200)
    const open = await insertLead(db, market.id, { status: 'NEW' })
    const linked = await agent.request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${open.id}` })
    expect(linked.statusCode).toBe(200)
  })

  it('the lead the caller’s number designated stays linkable whatever its status', async () => {
    const { db } = t.database
    const { market } = await endedCallOnNoLead()
    const closed = await insertLead(db, market.id, { status: 'APPOINTMENT' })
    const inbound = await insertCall(db, {
      userId: me.id,
      direction: 'inbound',
      detectedLeadId: closed.id,
      endedAt: new Date(),
      status: 'done',
    })
    const res = await agent.request({ method: 'POST', url: `/api/call/${inbound.id}/link-lead/${closed.id}` })
    expect(res.statusCode).toBe(200)
  })

  it('a manager links a member’s call only to a lead that member sees (as if missing otherwise)', async () => {
    const { db } = t.database
    const { call } = await endedCallOnNoLead()
    const bossId = (await db.select().from(users).where(eq(users.email, 'manager@test.fr')))[0]!.id
    const theirs = await insertMission(db, { name: 'Mission du manager', userIds: [bossId] })
    const lead = await insertLead(db, theirs.market.id)
    const res = await manager.request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${lead.id}` })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Lead introuvable.' })
  })
})
