import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, users } from '../../db/schema.ts'
import { blockingCauseOf } from '../leads/assignment.ts'
import { expirePendingCalls, NO_PROVIDER_EVENT } from './pending-expiry.ts'
import { PENDING_PREFIX } from '../webhooks/processing.ts'

describe('pending outbound calls without any provider event', () => {
  const t = signedInServer()

  async function pendingCall(startedAgoMs: number) {
    const { db } = t.database
    const user = await insertUser(db, { role: 'TELEOPERATOR', aircallId: 4242 })
    const { market } = await insertMission(db, { userIds: [user.id] })
    const lead = await insertLead(db, market.id, { processingUserId: user.id, processingSince: new Date() })
    await db
      .update(users)
      .set({ processingLeadId: lead.id, callingLeadId: lead.id })
      .where(eq(users.id, user.id))
    const call = await insertCall(db, {
      userId: user.id,
      leadId: lead.id,
      status: 'initial',
      providerCallId: `${PENDING_PREFIX}${startedAgoMs}`,
      startedAt: new Date(Date.now() - startedAgoMs),
    })
    return { user, lead, call }
  }

  it('ends a call still pending after the tie window as missed, keeps it, and frees the agent', async () => {
    const { db } = t.database
    const { user, call } = await pendingCall(5 * 60_000)
    expect((await blockingCauseOf(db, user.id))?.cause).toBe('ONGOING_CALL')

    expect(await expirePendingCalls(t.app.telephony.context)).toBe(1)

    const [after] = await db.select().from(calls).where(eq(calls.id, call.id))
    expect(after).toMatchObject({ status: 'missed', missedReason: NO_PROVIDER_EVENT })
    expect(after!.endedAt).not.toBeNull()
    const [agent] = await db.select().from(users).where(eq(users.id, user.id))
    expect(agent!.callingLeadId).toBeNull()
    // No longer ongoing: the agent records its outcome like any ended call.
    expect((await blockingCauseOf(db, user.id))?.cause).toBe('UNTAGGED_CALL')
    expect(await expirePendingCalls(t.app.telephony.context)).toBe(0)
  })

  it('leaves a recent pending call and a call the provider named alone', async () => {
    const { db } = t.database
    const recent = await pendingCall(30_000)
    const named = await insertCall(db, {
      userId: recent.user.id,
      status: 'answered',
      startedAt: new Date(Date.now() - 10 * 60_000),
    })
    expect(await expirePendingCalls(t.app.telephony.context)).toBe(0)
    const rows = await db.select().from(calls)
    expect(rows.find((c) => c.id === recent.call.id)!.endedAt).toBeNull()
    expect(rows.find((c) => c.id === named.id)!.endedAt).toBeNull()
  })
})
