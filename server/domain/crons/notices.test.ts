// Issue #15 "Scheduled jobs": lead expiry frees the expired leads an agent left held (and says so in
// the lead's history), due-recall notices tell a recall's agent once per recall time, whatever the
// number of runs or processes.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { PushMessage } from '../../push/sender.ts'
import { leadEvents, leads, leadTags, users } from '../../db/schema.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { cronDefinition } from './catalogue.ts'
import { EXPIRED_RELEASE_COMMENT } from './lead-expiry.ts'
import { claimDueRecalls } from './recall-notices.ts'

const t = signedInServer({ users: { teleop: {} } })
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

async function run(key: string, now = new Date()) {
  const job = cronDefinition(key)!
  return job.run({ app: t.app, signal: new AbortController().signal, now, lastSuccessAt: null })
}

function pushSpy() {
  const sent: { userIds: readonly number[]; message: PushMessage }[] = []
  const spy = vi.spyOn(t.app.push, 'notify').mockImplementation((userIds, message) => {
    sent.push({ userIds, message: message as PushMessage })
  })
  return { sent, restore: () => spy.mockRestore() }
}

describe('lead expiry', () => {
  async function held(marketId: number, userId: number, options: { expired: boolean; heldMinutes: number }) {
    const lead = await insertLead(t.database.db, marketId, {
      meetRequestDate: new Date(Date.now() - (options.expired ? 40 : 10) * DAY),
      processingUserId: userId,
      processingSince: new Date(Date.now() - options.heldMinutes * MINUTE),
      status: 'IN_PROGRESS',
    })
    await t.database.db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, userId))
    return lead
  }

  it('frees an expired lead left held, writes it in the history, and leaves the others', async () => {
    const { db } = t.database
    const others = await Promise.all([insertUser(db), insertUser(db), insertUser(db)])
    const { market } = await insertMission(db, { durationDays: 30 })
    const me = t.users.teleop
    const left = await held(market.id, me.id, { expired: true, heldMinutes: 180 })
    const recent = await held(market.id, others[0]!.id, { expired: true, heldMinutes: 10 })
    const alive = await held(market.id, others[1]!.id, { expired: false, heldMinutes: 180 })
    const onCall = await held(market.id, others[2]!.id, { expired: true, heldMinutes: 180 })
    await insertCall(db, { userId: others[2]!.id, leadId: onCall.id })

    expect(await run('lead-expiry')).toBe('1 lead expiré libéré')
    const rows = await db.select().from(leads)
    const holder = (id: number) => rows.find((row) => row.id === id)!.processingUserId
    expect(holder(left.id)).toBeNull()
    expect([holder(recent.id), holder(alive.id), holder(onCall.id)]).toEqual(others.map((one) => one.id))
    const [user] = await db.select().from(users).where(eq(users.id, me.id))
    expect(user!.processingLeadId).toBeNull()
    const events = await db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, left.id), eq(leadEvents.kind, 'assignment')))
    expect(events.map((event) => event.data)).toEqual([
      { action: 'released', reason: 'expired', comment: EXPIRED_RELEASE_COMMENT },
    ])
    // Nothing left to do: the next run frees nothing and writes nothing.
    expect(await run('lead-expiry')).toBe('0 lead expiré libéré')
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, left.id))).toHaveLength(1)
  })
})

describe('due-recall notices', () => {
  async function recall(minutesAgo: number, fixture: Partial<typeof leads.$inferInsert> = {}, by?: number) {
    const { db } = t.database
    const { market, tags } = await insertMission(db, { userIds: [t.users.teleop.id] })
    const lead = await insertLead(db, market.id, {
      status: 'RECALL',
      substatus: 'CALLBACK_REQUESTED',
      recallAt: new Date(Date.now() - minutesAgo * MINUTE),
      ...fixture,
    })
    const tag = tags.find((one) => one.label === 'Rappeler')!
    await db.insert(leadTags).values({
      leadId: lead.id,
      userId: by ?? t.users.teleop.id,
      callProcessTagId: tag.id,
      step: 1,
      status: 'RECALL',
      substatus: 'CALLBACK_REQUESTED',
      createdAt: new Date(Date.now() - 3 * 60 * MINUTE),
    })
    return lead
  }

  it('pushes the agent once per recall time, only for free, recent, live recalls of active agents', async () => {
    const { db } = t.database
    const push = pushSpy()
    try {
      const due = await recall(10)
      await recall(-10) // not due yet
      await recall(120) // due too long ago
      await recall(5, { processingUserId: t.users.teleop.id, processingSince: new Date() }) // being worked
      await recall(5, { meetRequestDate: new Date(Date.now() - 90 * DAY) }) // expired
      const gone = await insertUser(db, { status: 'INACTIVE' })
      await recall(5, {}, gone.id) // its agent left

      expect(await run('recall-notices')).toBe('1 agent prévenu')
      expect(push.sent).toHaveLength(1)
      expect(push.sent[0]!.userIds).toEqual([t.users.teleop.id])
      expect(push.sent[0]!.message.alert).toEqual({
        kind: 'recall',
        leadUuid: due.uuid,
        leadName: `${due.firstName} ${due.lastName}`,
        recallAt: due.recallAt!.toISOString(),
      })

      expect(await run('recall-notices')).toBe('0 agent prévenu')
      // A new recall time on the same lead is told again.
      await db
        .update(leads)
        .set({ recallAt: new Date(Date.now() - MINUTE) })
        .where(eq(leads.id, due.id))
      expect(await run('recall-notices')).toBe('1 agent prévenu')
      expect(push.sent).toHaveLength(2)
    } finally {
      push.restore()
    }
  })

  it('tells a recall once when two runs claim at the same time', async () => {
    await recall(3)
    await recall(4)
    const now = new Date()
    const [a, b] = await Promise.all([
      claimDueRecalls(t.database.db, now),
      claimDueRecalls(t.database.db, now),
    ])
    expect(a.length + b.length).toBe(2)
    expect(new Set([...a, ...b].map((one) => one.leadId)).size).toBe(2)
  })
})
