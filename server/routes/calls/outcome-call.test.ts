// Issue #29 point 2: an outcome states what happened on a real call. It is recorded on the agent's own
// call on the lead still without an outcome; without one the server refuses it (409, call first),
// unless its catalogue tag is « sans appel », which then earns nothing; a call earns once.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leadTags, leads, userBadges, userTentacalls, users, xpLedger } from '../../db/schema.ts'
import { outcomeCallMessages } from '../../domain/leads/outcome-call.ts'

const t = signedInServer({
  users: { teleop: {}, colleague: {}, manager: { role: 'MANAGER' }, admin: { role: 'ADMIN' } },
  team: ['teleop', 'colleague', 'manager'],
})
const { teleop: me, colleague: other } = t.users
const { teleop: agent, manager, admin } = t.agents

/** « Numéro erroné », found before dialling: the one outcome of step 1 marked « sans appel ». */
const WRONG_NUMBER = {
  label: 'Numéro erroné',
  status: 'WRONG_NUMBER' as const,
  withoutCall: true,
  experiencePoints: 5,
}

/** Kept with its holder at the same step. */
const HESITATES = {
  label: 'Hésite encore',
  status: 'IN_PROGRESS' as const,
  endsProcessing: false,
  experiencePoints: 3,
}
/** Off by default; this test file alone uses it (the administrator's test turns it on). */
const ABSENT = { label: 'Absent de l’annuaire', status: 'WRONG_NUMBER' as const, experiencePoints: 2 }

/** A lead I hold, no call on it yet; insertMission's outcomes plus « Numéro erroné » and `extra`. */
async function heldLeadWithoutCall(
  extra: NonNullable<NonNullable<Parameters<typeof insertMission>[1]>['tags']> = [],
) {
  const { db } = t.database
  const fixture = await insertMission(db, {
    userIds: [me.id, other.id],
    tags: [WRONG_NUMBER, ...extra],
  })
  const lead = await insertLead(db, fixture.market.id, {
    processingUserId: me.id,
    processingSince: new Date(),
  })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
  const tag = (label: string) => fixture.tags.find((x) => x.label === label)!.id
  return { ...fixture, lead, tag }
}

const tagCall = (payload: Record<string, unknown>, who = agent) =>
  who.request({ method: 'POST', url: '/api/calls/tag', payload })

async function gamificationOf(userId: number) {
  const { db } = t.database
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  return {
    experiencePoints: user!.experiencePoints,
    ledger: (await db.select().from(xpLedger).where(eq(xpLedger.userId, userId))).length,
    badges: (await db.select().from(userBadges).where(eq(userBadges.userId, userId))).length,
    tentacalls: (await db.select().from(userTentacalls).where(eq(userTentacalls.userId, userId))).length,
  }
}
const NOTHING_EARNED = { experiencePoints: 0, ledger: 0, badges: 0, tentacalls: 0 }

describe('an outcome is recorded on a call (issue #29)', () => {
  it('without a call of the agent on the lead: 409 saying to call first, and nothing changes', async () => {
    const { db } = t.database
    const { lead, tag } = await heldLeadWithoutCall()
    for (const callProcessTagId of [tag('Rappeler'), tag('Suite')]) {
      const res = await tagCall({ leadId: lead.id, callId: null, callProcessTagId })
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toEqual({ code: 'CONFLICT', message: outcomeCallMessages.callFirst })
      expect(res.json().error.message).toMatch(/^Appelez d’abord le lead/)
    }
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ status: lead.status, step: 1, processingUserId: me.id })
    expect(await db.select().from(leadTags).where(eq(leadTags.leadId, lead.id))).toEqual([])
    expect(await gamificationOf(me.id)).toEqual(NOTHING_EARNED)
  })

  it('a « sans appel » tag goes without a call, and earns no experience, badge or tentacall', async () => {
    const { db } = t.database
    const { lead, tag } = await heldLeadWithoutCall()
    const res = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag('Numéro erroné') })
    expect(res.statusCode).toBe(200)
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
    expect(after).toMatchObject({ status: 'WRONG_NUMBER', processingUserId: null })
    const [leadTag] = await db.select().from(leadTags).where(eq(leadTags.leadId, lead.id))
    expect(leadTag).toMatchObject({ callId: null, userId: me.id })
    expect(await gamificationOf(me.id)).toEqual(NOTHING_EARNED)
  })

  it('a null callId takes the agent’s untagged call on the lead, « sans appel » tag included, which earns', async () => {
    const { db } = t.database
    const { lead, tag } = await heldLeadWithoutCall()
    const call = await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
    const res = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag('Numéro erroné') })
    expect(res.statusCode).toBe(200)
    const [tagged] = await db.select().from(calls).where(eq(calls.id, call.id))
    expect(tagged!.leadTagId).toBe(res.json().leadTagId)
    expect(await gamificationOf(me.id)).toMatchObject({ experiencePoints: 5, ledger: 1 })
  })

  it('refuses another agent’s call (hidden: 404; seen by a manager: 403) and a call on another lead (400)', async () => {
    const { db } = t.database
    const mine = await heldLeadWithoutCall()
    const theirs = await insertCall(db, {
      userId: other.id,
      leadId: mine.lead.id,
      endedAt: new Date(),
      status: 'done',
    })
    const notYours = await tagCall({
      leadId: mine.lead.id,
      callId: theirs.id,
      callProcessTagId: mine.tag('Rappeler'),
    })
    // A teleoperator does not see a colleague's call: it answers like a missing one.
    expect(notYours.statusCode).toBe(404)
    // A manager of the team sees it, and may not record its outcome either.
    const mine2 = { leadId: mine.lead.id, callId: theirs.id, callProcessTagId: mine.tag('Rappeler') }
    const byManager = await tagCall(mine2, manager)
    expect(byManager.statusCode).toBe(403)
    expect(byManager.json().error.message).toBe(outcomeCallMessages.notYourCall)
    const elsewhere = await insertLead(db, mine.market.id)
    const onOther = await insertCall(db, {
      userId: me.id,
      leadId: elsewhere.id,
      endedAt: new Date(),
      status: 'done',
    })
    const wrongLead = await tagCall({
      leadId: mine.lead.id,
      callId: onOther.id,
      callProcessTagId: mine.tag('Rappeler'),
    })
    expect(wrongLead.statusCode).toBe(400)
    expect(wrongLead.json().error.message).toBe('Cet appel concerne un autre lead.')
    expect(await db.select().from(leadTags).where(eq(leadTags.leadId, mine.lead.id))).toEqual([])
    expect(await gamificationOf(me.id)).toEqual(NOTHING_EARNED)
  })

  it('one call earns once: the same outcome again on a held lead is refused and earns nothing', async () => {
    const { db } = t.database
    // An outcome that keeps the lead with its holder at the same step.
    const { lead, tag } = await heldLeadWithoutCall([HESITATES])
    const call = await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
    const first = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag('Hésite encore') })
    expect(first.statusCode).toBe(200)
    expect((await db.select().from(leads).where(eq(leads.id, lead.id)))[0]).toMatchObject({
      step: 1,
      processingUserId: me.id,
    })
    expect((await gamificationOf(me.id)).experiencePoints).toBe(3)
    const again = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag('Hésite encore') })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe(outcomeCallMessages.callFirst)
    const sameCall = await tagCall({
      leadId: lead.id,
      callId: call.id,
      callProcessTagId: tag('Hésite encore'),
    })
    expect(sameCall.statusCode).toBe(409)
    expect(sameCall.json().error.message).toBe('Cet appel a déjà une issue.')
    expect(await gamificationOf(me.id)).toMatchObject({ experiencePoints: 3, ledger: 1 })
  })

  it('an administrator marks a tag « sans appel » in the catalogue; it is off by default', async () => {
    const { lead, tag, tags } = await heldLeadWithoutCall([ABSENT])
    const absent = tags.find((x) => x.label === ABSENT.label)!
    const read = (await admin.request({ url: `/api/tag/${absent.tagId}` })).json()
    expect(read.withoutCall).toBe(false)
    const refused = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag(ABSENT.label) })
    expect(refused.statusCode).toBe(409)
    const { id: _id, version, retiredAt: _retiredAt, usageCount: _usageCount, ...fields } = read
    const saved = await admin.request({
      method: 'PUT',
      url: `/api/tag/${absent.tagId}`,
      payload: { ...fields, withoutCall: true, version },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().withoutCall).toBe(true)
    const sheet = (await agent.request({ url: `/api/lead/${lead.uuid}` })).json()
    const outcomes = sheet.market.mission.callProcess.callProcessSteps[0].callProcessTags
    expect(outcomes.find((x: { label: string }) => x.label === ABSENT.label)).toMatchObject({
      withoutCall: true,
    })
    const res = await tagCall({ leadId: lead.id, callId: null, callProcessTagId: tag(ABSENT.label) })
    expect(res.statusCode).toBe(200)
    expect(await gamificationOf(me.id)).toEqual(NOTHING_EARNED)
  })
})
