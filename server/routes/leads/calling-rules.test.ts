// @both-databases: the capped hand-out's SQL.
// Issue #12 "Calling rules per mission" (docs/domain.md "Calling rules"): the hand-out, pick,
// search's canPick, the call start and the lead sheet follow the mission's rules; a "not interested"
// outcome starts the quiet period. Hours are checked at a chosen instant through the domain
// functions (the routes use the real clock).
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { leads, users } from '../../db/schema.ts'
import { findLeadToProcess, pickLead } from '../../domain/leads/assignment.ts'
import { closedMissionsMessage } from '../../domain/calls/calling-rules.ts'
import { REGULATED_RULES } from '../../../src/contracts/calling-rules.ts'

const DAY = 86_400_000
const t = signedInServer({ config: { simulatorAnswerDelayMs: 0 }, users: { teleop: { aircallId: 601 } } })
const { teleop: me } = t.users
const { teleop: agent } = t.agents

const SATURDAY_NOON = new Date('2026-03-28T11:00:00Z')
const FRIDAY_1030 = new Date('2026-03-27T09:30:00Z')
const EASTER_MONDAY_1030 = new Date('2026-04-06T08:30:00Z')
const NEVER_OPEN = { days: [], periods: [], holidays: false }

async function release() {
  await t.database.db.update(leads).set({ processingUserId: null, processingSince: null })
  await t.database.db.update(users).set({ processingLeadId: null }).where(eq(users.id, me.id))
}

describe('calling rules in the hand-out', () => {
  it('a regulated mission hands out nothing outside the legal hours, and says when it opens', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], calling: { callingRule: 'REGULATED' } })
    const lead = await insertLead(db, market.id)
    expect(await findLeadToProcess(db, me.id, SATURDAY_NOON)).toEqual({ kind: 'none' })
    expect(await findLeadToProcess(db, me.id, EASTER_MONDAY_1030)).toEqual({ kind: 'none' })
    expect(await closedMissionsMessage(db, me.id, SATURDAY_NOON)).toBe(
      'Hors des horaires d’appel de vos missions : prochain créneau le lundi 30 mars à 10:00.',
    )
    expect(await closedMissionsMessage(db, me.id, FRIDAY_1030)).toBeNull()
    const found = await findLeadToProcess(db, me.id, FRIDAY_1030)
    expect(found).toMatchObject({ kind: 'assigned', lead: { id: lead.id } })
  })

  it('the route answers in French when every mission of the user is closed now', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, {
      userIds: [me.id],
      calling: { callingRule: 'CUSTOM', callingHours: NEVER_OPEN },
    })
    await insertLead(db, market.id)
    const res = await agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Hors des horaires d’appel de vos missions.' })
  })

  it('skips a lead at its mission’s cap of attempts in 30 days, and one in its quiet period', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, {
      userIds: [me.id],
      calling: { callingRule: 'CUSTOM', maxCallAttempts: 2, quietDays: 30 },
    })
    // Oldest first would be `capped`, then `quiet`: both are skipped.
    const capped = await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 9 * DAY) })
    const quiet = await insertLead(db, market.id, {
      meetRequestDate: new Date(Date.now() - 8 * DAY),
      noContactUntil: new Date(Date.now() + DAY),
    })
    const callable = await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 7 * DAY) })
    // Earlier attempts by a colleague (untagged calls of one's own would block the hand-out).
    const colleague = await insertUser(db)
    for (const daysAgo of [1, 3])
      await insertCall(db, {
        userId: colleague.id,
        leadId: capped.id,
        startedAt: new Date(Date.now() - daysAgo * DAY),
        endedAt: new Date(Date.now() - daysAgo * DAY + 60_000),
        status: 'done',
      })
    // An attempt older than 30 days does not count.
    await insertCall(db, {
      userId: colleague.id,
      leadId: callable.id,
      startedAt: new Date(Date.now() - 40 * DAY),
      endedAt: new Date(Date.now() - 40 * DAY + 60_000),
      status: 'done',
    })
    expect(await findLeadToProcess(db, me.id)).toMatchObject({ kind: 'assigned', lead: { id: callable.id } })
    await release()
    // Pick refuses them too, and search says why.
    expect(await pickLead(db, me.id, capped.id, false)).toEqual({ kind: 'unavailable' })
    expect(await pickLead(db, me.id, quiet.id, false)).toEqual({ kind: 'unavailable' })
    const search = (
      await agent.request({ url: `/api/lead/search/${encodeURIComponent(capped.lastName)}/1` })
    ).json()
    const row = search.items.find((item: { id: number }) => item.id === capped.id)
    expect(row).toMatchObject({ canPick: false, pickRefusal: 'CALL_ATTEMPTS_CAP' })
  })
})

describe('calling rules on the lead and the call', () => {
  it('start-outbound refuses a call outside the mission’s hours (403, French), and the sheet says why', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, {
      userIds: [me.id],
      calling: { callingRule: 'CUSTOM', callingHours: NEVER_OPEN },
    })
    const lead = await insertLead(db, market.id, { processingUserId: me.id, processingSince: new Date() })
    await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
    const res = await agent.request({
      method: 'POST',
      url: '/api/call/start-outbound',
      payload: { leadId: lead.id },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toMatchObject({
      code: 'OUTSIDE_CALLING_HOURS',
      message: 'Hors des horaires d’appel de la mission.',
    })
    const sheet = (await agent.request({ url: `/api/lead/${lead.uuid}` })).json()
    expect(sheet.calling).toEqual({ refusal: 'OUTSIDE_CALLING_HOURS', nextCallAt: null })
  })

  it('a "not interested" outcome starts the quiet period of a regulated mission, not of a consent one', async () => {
    const { db } = t.database
    for (const callingRule of ['REGULATED', 'CONSENT'] as const) {
      const { market, tags } = await insertMission(db, {
        userIds: [me.id],
        calling: { callingRule },
        tags: [{ label: 'Pas intéressé', status: 'NOT_INTERESTED' }],
      })
      const lead = await insertLead(db, market.id, { processingUserId: me.id, processingSince: new Date() })
      await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
      const tag = tags.find((x) => x.label === 'Pas intéressé')!
      // Issue #29: the outcome of the agent's call on the lead.
      await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
      const before = Date.now()
      const res = await agent.request({
        method: 'POST',
        url: '/api/calls/tag',
        payload: { leadId: lead.id, callProcessTagId: tag.id },
      })
      expect(res.statusCode, res.body).toBe(200)
      const [after] = await db.select().from(leads).where(eq(leads.id, lead.id))
      if (callingRule === 'CONSENT') expect(after!.noContactUntil).toBeNull()
      else {
        const until = after!.noContactUntil!.getTime()
        expect(until).toBeGreaterThanOrEqual(before + REGULATED_RULES.quietDays! * DAY)
        expect(until).toBeLessThanOrEqual(Date.now() + REGULATED_RULES.quietDays! * DAY)
      }
      await release()
    }
  })
})
