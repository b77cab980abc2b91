import { describe, expect, it } from 'vitest'
import type { calls } from '../../db/schema.ts'
import { callEvents } from './call-events.ts'

type CallRow = typeof calls.$inferSelect
const t0 = new Date('2026-11-25T09:00:00Z')
const call = (over: Partial<CallRow> = {}): CallRow => ({
  id: 7,
  provider: 'aircall',
  providerCallId: '1',
  direction: 'outbound',
  status: 'initial',
  userId: 3,
  leadId: null,
  detectedLeadId: null,
  phoneNumber: '+33612345678',
  numberId: null,
  startedAt: t0,
  answeredAt: null,
  endedAt: null,
  missedReason: null,
  leadTagId: null,
  sourceUpdatedAt: t0,
  createdAt: t0,
  updatedAt: t0,
  ...over,
})

describe('callEvents', () => {
  const answered = call({ status: 'answered', answeredAt: t0 })
  it('answered once: when the answer time appears, not on the events that follow', () => {
    expect(callEvents(call(), answered)).toEqual([
      { kind: 'call-answered', userId: 3, callId: 7, startedAt: t0 },
    ])
    expect(callEvents(undefined, answered)).toHaveLength(1)
    expect(callEvents(answered, call({ status: 'ended', answeredAt: t0, endedAt: t0 }))).toEqual([])
  })

  it('an answered call whose agent becomes known then counts for that agent', () => {
    const before = call({ userId: null, answeredAt: t0 })
    expect(callEvents(before, call({ answeredAt: t0 }))).toMatchObject([{ kind: 'call-answered', userId: 3 }])
  })

  it('missed: ending unanswered, once; nothing without an agent', () => {
    const missed = call({ status: 'missed', endedAt: t0 })
    expect(callEvents(call(), missed)).toEqual([{ kind: 'call-missed', userId: 3, callId: 7 }])
    expect(callEvents(missed, missed)).toEqual([])
    expect(callEvents(call(), call({ userId: null, answeredAt: t0 }))).toEqual([])
  })
})
