// Issue #14, spec §3 "Connected user": GET /api/user/me carries the experience, the badges earned with
// their timestamps and each tentacall's count, fresh after each event although `me` is cached per
// process (the award drops it: 'me-changed').
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { insertHeldLeadWithEndedCall } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Me } from '../../../src/contracts/user.ts'
import { userBadges, users } from '../../db/schema.ts'
import { handleWebhook } from '../../domain/webhooks/processing.ts'
import { firstAnsweredCallBadges } from '../../../tests/factories/first-call-badges.ts'

const t = signedInServer({ users: { teleop: { aircallId: 4242 } } })
const { teleop: agent } = t.agents

async function me(): Promise<Me> {
  const res = await agent.request({ method: 'GET', url: '/api/user/me' })
  expect(res.statusCode).toBe(200)
  return res.json() as Me
}

describe('GET /api/user/me: the gamification fields', () => {
  it('nothing earned yet: 0 points, no badge, every tentacall at 0', async () => {
    expect(await me()).toMatchObject({
      experiencePoints: 0,
      badges: [],
      gamification: {
        badges: {},
        tentacalls: { 'decroches-consecutifs': 0, 'jours-rdv': 0, 'rdv-session': 0 },
      },
    })
  })

  it('an answered call reported by the provider shows at once, cached `me` or not', async () => {
    await me() // now cached in this process
    const t0 = Math.floor(Date.now() / 1000) - 60
    const data = (over: Record<string, unknown> = {}) => ({
      id: 1,
      direction: 'outbound',
      status: 'initial',
      started_at: t0,
      answered_at: null,
      ended_at: null,
      duration: 0,
      raw_digits: '+33 6 12 34 56 78',
      missed_call_reason: null,
      user: { id: 4242, email: 'teleop@test.fr' },
      number: { id: 77, digits: '+33 1 76 36 06 95' },
      ...over,
    })
    const deliver = (event: string, timestamp: number, body: Record<string, unknown>) =>
      handleWebhook(t.app.telephony.context, 'aircall', { resource: 'call', event, timestamp, data: body })
    await deliver('call.created', t0, data())
    await deliver('call.answered', t0 + 5, data({ status: 'answered', answered_at: t0 + 5 }))

    const after = await me()
    const held = await t.database.db.select().from(userBadges)
    const earned = firstAnsweredCallBadges(new Date(t0 * 1000))
    expect(held.map((badge) => badge.code).sort()).toEqual([...earned].sort())
    const badge = held.find((one) => one.code === 'premier-appel')!
    expect(after).toMatchObject({
      experiencePoints: 2,
      gamification: {
        badges: { 'premier-appel': badge.earnedAt.toISOString() },
        tentacalls: { 'decroches-consecutifs': 1, 'jours-rdv': 0, 'rdv-session': 0 },
      },
    })
    expect(after.badges).toHaveLength(earned.length)
    expect(after.badges).toContainEqual({ badgeId: 'premier-appel', earnedAt: badge.earnedAt.toISOString() })
  })

  it('an outcome that keeps the lead with its holder: the new total, not the cached one', async () => {
    const { db } = t.database
    const { lead, call, tag } = await insertHeldLeadWithEndedCall(db, t.users.teleop.id, [], [KEEPS_LEAD])
    expect((await me()).experiencePoints).toBe(0)
    // The call's outcome, which keeps the lead at its step (a progress mark would earn nothing: #29).
    const tagged = await agent.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId: lead.id, callId: call.id, callProcessTagId: tag(KEEPS_LEAD.label).id },
    })
    expect(tagged.statusCode).toBe(200)
    // Still held: no 'user-changed' was needed for the lead; the award path dropped `me`.
    const [row] = await db.select().from(users).where(eq(users.id, t.users.teleop.id))
    expect(row!.processingLeadId).toBe(lead.id)
    expect((await me()).experiencePoints).toBe(10)
  })

  const KEEPS_LEAD = {
    label: 'Hésite encore',
    status: 'IN_PROGRESS' as const,
    endsProcessing: false,
    experiencePoints: 10,
  }
})
