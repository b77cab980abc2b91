import { beforeEach, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { appointments, leadEvents, leadTags, leads, users } from '../../db/schema.ts'

const MINUTE = 60_000
const t = signedInServer({
  users: { teleop: {}, other: {}, manager: { role: 'MANAGER' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'other', 'manager'],
})
const { teleop: me, other } = t.users
const { teleop: agent, other: colleague, manager } = t.agents
let mission: Awaited<ReturnType<typeof insertMission>>

beforeEach(async () => {
  mission = await insertMission(t.database.db, { userIds: [me.id, other.id], teamIds: [t.teamId] })
})

// insertMission's tags: [0] "Suite" (step 1 → 2, IN_PROGRESS, 10 XP), [1] "Rappeler" (step 1, RECALL /
// CALLBACK_REQUESTED in 120 min, 5 XP), [2] "RDV pris" (step 2, APPOINTMENT, 50 XP).
const tagId = (index: number) => mission.tags[index]!.id

/** The lead held by `userId`, called then tagged by them with tags[index] through the real route. */
async function taggedLead(who: Agent, userId: number, index: number) {
  const lead = await insertLead(t.database.db, mission.market.id, { processingUserId: userId })
  // Issue #29: an outcome is recorded on the agent's call on the lead.
  await insertCall(t.database.db, { userId, leadId: lead.id, endedAt: new Date(), status: 'done' })
  const res = await who.request({
    method: 'POST',
    url: '/api/calls/tag',
    payload: { leadId: lead.id, callProcessTagId: tagId(index) },
  })
  expect(res.statusCode).toBe(200)
  return { lead, leadTagId: res.json().leadTagId as number }
}

function correct(who: Agent, leadId: number, leadTagId: number, body: Record<string, unknown>) {
  return who.request({ method: 'PUT', url: `/api/lead/${leadId}/lead-tag/${leadTagId}`, payload: body })
}

const toSuite = () => ({ callProcessTagId: tagId(0), step: 2, status: 'IN_PROGRESS', substatus: null })

async function leadRow(id: number) {
  return (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0]!
}

async function pointsOf(id: number) {
  return (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.experiencePoints
}

describe('PUT /api/lead/{leadId}/lead-tag/{leadTagId}', () => {
  it('lets the recorder correct their latest outcome: lead tag, lead, points, history, signals', async () => {
    const { lead, leadTagId } = await taggedLead(agent, me.id, 1)
    expect((await leadRow(lead.id)).recallAt).not.toBeNull()
    expect(await pointsOf(me.id)).toBe(5)
    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))

    const res = await correct(agent, lead.id, leadTagId, toSuite())
    off()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      appliedToLead: true,
      leadTag: { id: leadTagId, leadId: lead.id, userId: me.id, callProcessTagId: tagId(0), step: 2 },
    })
    expect(await leadRow(lead.id)).toMatchObject({
      step: 2,
      status: 'IN_PROGRESS',
      substatus: null,
      recallAt: null,
    })
    expect(await pointsOf(me.id)).toBe(10)
    const [event] = await t.database.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead.id))
      .orderBy(desc(leadEvents.id))
      .limit(1)
    expect(event).toMatchObject({ kind: 'tag', userId: me.id })
    expect(event!.data).toEqual({
      corrected: true,
      leadTagId,
      appliedToLead: true,
      before: {
        callProcessTagId: tagId(1),
        label: 'Rappeler',
        step: 1,
        status: 'RECALL',
        substatus: 'CALLBACK_REQUESTED',
      },
      after: { callProcessTagId: tagId(0), label: 'Suite', step: 2, status: 'IN_PROGRESS', substatus: null },
    })
    expect(seen).toContainEqual({
      channel: `user:${me.id}:lead:update`,
      data: { leadId: lead.id, uuid: lead.uuid, reason: 'tag-correction' },
    })
    expect(seen).toContainEqual({
      channel: `user:${me.id}:experience`,
      data: { experiencePoints: 10, gained: 5 },
    })
  })

  it('refuses a teleoperator another’s outcome, an outcome no longer the latest, and after 15 minutes', async () => {
    const { db } = t.database
    const { lead, leadTagId } = await taggedLead(agent, me.id, 1)
    const theirs = await correct(colleague, lead.id, leadTagId, toSuite())
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json().error.message).toBe(
      'Vous ne pouvez corriger que les résultats que vous avez enregistrés.',
    )

    await db
      .update(leadTags)
      .set({ createdAt: new Date(Date.now() - 16 * MINUTE) })
      .where(eq(leadTags.id, leadTagId))
    const late = await correct(agent, lead.id, leadTagId, toSuite())
    expect(late.statusCode).toBe(403)
    expect(late.json().error.message).toContain('15 minutes')
    await db
      .update(leadTags)
      .set({ createdAt: new Date(Date.now() - 14 * MINUTE) })
      .where(eq(leadTags.id, leadTagId))

    await db.insert(leadTags).values({
      leadId: lead.id,
      userId: other.id,
      callProcessTagId: tagId(0),
      step: 2,
      status: 'IN_PROGRESS',
    })
    const older = await correct(agent, lead.id, leadTagId, toSuite())
    expect(older.statusCode).toBe(403)
    expect(older.json().error.message).toContain('n’est plus le dernier')
    expect((await db.select().from(leadTags).where(eq(leadTags.id, leadTagId)))[0]!.status).toBe('RECALL')
  })

  it('refuses a teleoperator once someone else holds the lead', async () => {
    const { lead, leadTagId } = await taggedLead(agent, me.id, 1)
    await t.database.db.update(leads).set({ processingUserId: other.id }).where(eq(leads.id, lead.id))
    const res = await correct(agent, lead.id, leadTagId, toSuite())
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('Ce lead est traité par un autre utilisateur.')
  })

  it('lets a manager correct any outcome; an older one changes the lead tag, not the lead', async () => {
    const { db } = t.database
    const { lead, leadTagId } = await taggedLead(agent, me.id, 0)
    expect(await leadRow(lead.id)).toMatchObject({ step: 2, status: 'IN_PROGRESS' })
    await db
      .update(leadTags)
      .set({ createdAt: new Date(Date.now() - 60 * MINUTE) })
      .where(eq(leadTags.id, leadTagId))
    const [latest] = await db
      .insert(leadTags)
      .values({ leadId: lead.id, userId: me.id, callProcessTagId: tagId(2), step: 2, status: 'APPOINTMENT' })
      .returning()
    const before = await leadRow(lead.id)

    const res = await correct(manager, lead.id, leadTagId, {
      callProcessTagId: tagId(1),
      step: 1,
      status: 'RECALL',
      substatus: 'CALLBACK_REQUESTED',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().appliedToLead).toBe(false)
    expect(await leadRow(lead.id)).toEqual(before)
    // Issue #29: "Suite" was a progress mark, not the call's outcome: it earned nothing, nor does its
    // correction.
    expect(await pointsOf(me.id)).toBe(0)

    const fix = {
      callProcessTagId: tagId(2),
      step: 2,
      status: 'APPOINTMENT',
      substatus: 'WAITING_FOR_FORCED_RDV',
    } as const
    // Issue #29 point 3: no lead « Rendez-vous » without an appointment.
    const refused = await correct(manager, lead.id, latest!.id, fix)
    expect(refused.statusCode).toBe(409)
    expect(await leadRow(lead.id)).toEqual(before)
    const slot = {
      startsAt: new Date(Date.now() + 48 * 60 * MINUTE),
      endsAt: new Date(Date.now() + 49 * 60 * MINUTE),
    }
    await db.insert(appointments).values({ leadId: lead.id, missionId: mission.mission.id, ...slot })
    const latestFix = await correct(manager, lead.id, latest!.id, fix)
    expect(latestFix.json().appliedToLead).toBe(true)
    expect(await leadRow(lead.id)).toMatchObject({
      status: 'APPOINTMENT',
      substatus: 'WAITING_FOR_FORCED_RDV',
    })
  })

  it('answers 404 for a lead tag of another lead, 400 for a tag or step outside the call process', async () => {
    const { db } = t.database
    const { lead, leadTagId } = await taggedLead(agent, me.id, 1)
    const elsewhere = await insertLead(db, mission.market.id)
    expect((await correct(manager, elsewhere.id, leadTagId, toSuite())).statusCode).toBe(404)
    expect((await correct(manager, 999999, leadTagId, toSuite())).statusCode).toBe(404)
    expect((await correct(manager, lead.id, 999999, toSuite())).statusCode).toBe(404)

    const foreign = await insertMission(db)
    const wrongTag = await correct(manager, lead.id, leadTagId, {
      ...toSuite(),
      callProcessTagId: foreign.tags[0]!.id,
    })
    expect(wrongTag.statusCode).toBe(400)
    expect(wrongTag.json().error.fields).toEqual({ callProcessTagId: 'Tag inconnu pour cette mission.' })
    const wrongStep = await correct(manager, lead.id, leadTagId, { ...toSuite(), step: 3 })
    expect(wrongStep.statusCode).toBe(400)
    expect(wrongStep.json().error.fields).toEqual({ step: 'Étape entre 1 et 2.' })
    for (const bad of [{ step: 0 }, { status: 'DONE' }, { substatus: 'NOPE' }, { callProcessTagId: 'x' }])
      expect((await correct(manager, lead.id, leadTagId, { ...toSuite(), ...bad })).statusCode).toBe(400)
    expect((await db.select().from(leadTags).where(eq(leadTags.id, leadTagId)))[0]!.status).toBe('RECALL')
  })

  it('answers a teleoperator outside the lead’s missions like an unknown lead', async () => {
    const { db } = t.database
    await insertUser(db, { email: 'outsider@test.fr' })
    const a = createAgent(t.app)
    await a.login('outsider@test.fr')
    const { lead, leadTagId } = await taggedLead(agent, me.id, 1)
    const res = await correct(a, lead.id, leadTagId, toSuite())
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Lead introuvable.' })
  })
})
