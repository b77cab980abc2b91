// The merge rules alone, without a database: forward-only state, a known agent never erased, a later
// event only filling what an earlier one left unknown.
import { describe, expect, it } from 'vitest'
import type { AircallCall } from '../../../src/contracts/call.ts'
import type { calls } from '../../db/schema.ts'
import { changed, isTerminal, merge, statusOf } from './merge.ts'

type CallRow = typeof calls.$inferSelect

const T0 = new Date('2026-03-02T09:00:00Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
const unix = (seconds: number) => Math.floor(at(seconds).getTime() / 1000)

function aircall(overrides: Partial<AircallCall> = {}): AircallCall {
  return { id: 42, direction: 'inbound', status: 'initial', raw_digits: '+33612345678', ...overrides }
}

function row(overrides: Partial<CallRow> = {}): CallRow {
  return {
    id: 1,
    provider: 'aircall',
    providerCallId: '42',
    direction: 'inbound',
    status: 'ringing',
    userId: 7,
    leadId: null,
    detectedLeadId: 3,
    phoneNumber: '+33612345678',
    numberId: '5',
    startedAt: at(0),
    answeredAt: null,
    endedAt: null,
    missedReason: null,
    leadTagId: null,
    sourceUpdatedAt: at(10),
    createdAt: at(0),
    updatedAt: at(10),
    ...overrides,
  }
}

describe('statusOf', () => {
  it('reads the state each event announces', () => {
    expect(statusOf('call.created', aircall())).toBe('initial')
    expect(statusOf('call.ringing_on_agent', aircall())).toBe('ringing')
    expect(statusOf('call.answered', aircall())).toBe('answered')
    expect(statusOf('call.voicemail_left', aircall())).toBe('voicemail')
  })

  it('ends an answered call and misses an unanswered one', () => {
    expect(statusOf('call.ended', aircall({ answered_at: unix(5) }))).toBe('ended')
    expect(statusOf('call.hungup', aircall())).toBe('missed')
  })

  it('treats ended and missed as terminal only', () => {
    expect(['initial', 'ringing', 'answered', 'voicemail', 'ended', 'missed'].filter(isTerminal)).toEqual([
      'ended',
      'missed',
    ])
  })
})

describe('merge', () => {
  it('builds a new call from its first event', () => {
    const next = merge(
      undefined,
      aircall({ started_at: unix(0) }),
      'call.created',
      at(1),
      null,
      '+33612345678',
    )
    expect(next).toMatchObject({
      direction: 'inbound',
      status: 'initial',
      userId: null,
      phoneNumber: '+33612345678',
      startedAt: at(0),
      answeredAt: null,
      endedAt: null,
      sourceUpdatedAt: at(1),
    })
  })

  it('moves a call forward', () => {
    const next = merge(row(), aircall({ answered_at: unix(20) }), 'call.answered', at(20), 7, null)
    expect(next.status).toBe('answered')
    expect(next.answeredAt).toEqual(at(20))
    expect(next.sourceUpdatedAt).toEqual(at(20))
  })

  it('never moves a call back, even on a newer event of an earlier state', () => {
    const answered = row({ status: 'answered', answeredAt: at(20), sourceUpdatedAt: at(20) })
    const next = merge(answered, aircall(), 'call.ringing_on_agent', at(30), 7, null)
    expect(next.status).toBe('answered')
  })

  it('keeps the newer source time when an older event arrives late', () => {
    const next = merge(row({ sourceUpdatedAt: at(50) }), aircall(), 'call.ringing_on_agent', at(40), 7, null)
    expect(next.sourceUpdatedAt).toEqual(at(50))
  })

  it('never reopens an ended call, and ends it at the event when the provider gave no time', () => {
    const ended = merge(row(), aircall(), 'call.hungup', at(30), 7, null)
    expect(ended).toMatchObject({ status: 'missed', endedAt: at(30) })
    const after = merge(
      row({ ...ended, status: 'missed', endedAt: at(30) }),
      aircall(),
      'call.answered',
      at(40),
      7,
      null,
    )
    expect(after.status).toBe('missed')
  })

  it('reads a terminal call as ended once it is known to be answered', () => {
    const next = merge(row({ answeredAt: at(15) }), aircall(), 'call.hungup', at(30), 7, null)
    expect(next.status).toBe('ended')
  })

  it('never erases a known agent, lead or number', () => {
    const known = row({ leadId: 9, detectedLeadId: 3, numberId: '5' })
    const next = merge(known, aircall({ number: { id: 6 } }), 'call.answered', at(20), null, '+33700000000')
    expect(next).toMatchObject({
      userId: 7,
      leadId: 9,
      detectedLeadId: 3,
      numberId: '5',
      phoneNumber: '+33612345678',
    })
  })

  it('fills what an earlier event left unknown', () => {
    const next = merge(
      row({ userId: null, numberId: null }),
      aircall({ number: { id: 6 }, missed_call_reason: 'no_available_agent' }),
      'call.ringing_on_agent',
      at(20),
      8,
      null,
    )
    expect(next).toMatchObject({ userId: 8, numberId: '6', missedReason: 'no_available_agent' })
  })

  it('answers an anonymous caller with a placeholder number', () => {
    const next = merge(undefined, aircall({ raw_digits: null }), 'call.created', at(0), null, null)
    expect(next.phoneNumber).toBe('anonymous')
  })
})

describe('changed', () => {
  it('is false when the event brings nothing new (dates compared by instant)', () => {
    const existing = row()
    const next = merge(existing, aircall(), 'call.ringing_on_agent', at(5), 7, null)
    expect(changed(existing, { ...next, startedAt: new Date(at(0).getTime()) })).toBe(false)
  })

  it('is true when a field moves', () => {
    const existing = row()
    expect(changed(existing, merge(existing, aircall(), 'call.answered', at(20), 7, null))).toBe(true)
  })
})
