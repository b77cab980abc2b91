// The client's zod-free payload readers and the server's zod schemas accept and keep the same things.
import { describe, expect, it } from 'vitest'
import { parseChannel, readLivePayload, type LiveChannelKind } from './live-core.ts'
import { livePayloadSchemas } from './live.ts'

const long = (n: number) => 'x'.repeat(n)

const SAMPLES: Record<LiveChannelKind, unknown[]> = {
  leadUpdate: [
    { leadId: 12 },
    { leadId: 12, uuid: 'a-b', reason: 'tag' },
    { leadId: 12, reason: long(64) },
    { leadId: 12, reason: long(65) },
    { leadId: 0 },
    { leadId: 1.5 },
    { leadId: 2_147_483_648 },
    { leadId: '12' },
    { leadId: 12, extra: true },
    { leadId: 12, uuid: null },
  ],
  ongoingCallUpdate: [
    { callId: null, status: 'done' },
    { callId: 3, status: 'ringing' },
    { callId: 3, status: long(33) },
    { status: 'done' },
    { callId: -1, status: 'done' },
  ],
  experience: [
    { experiencePoints: 10, gained: -5 },
    { experiencePoints: -1, gained: 5 },
    { experiencePoints: 10, gained: 0.5 },
    { experiencePoints: 10 },
  ],
  tentacall: [
    { tentacallId: 'streak', count: 3 },
    { tentacallId: 'streak', count: 3, userId: 4, awardId: 9, name: 'Camille Martin' },
    { tentacallId: 'streak', count: 3, name: long(101) },
    { tentacallId: 'streak', count: -3 },
    { tentacallId: long(65), count: 3 },
    { tentacallId: 'streak', count: 3, userId: 0 },
  ],
  badge: [
    { badgeId: 'first-rdv', earnedAt: '2026-11-24T10:00:00Z' },
    { badgeId: 'first-rdv', earnedAt: '2026-11-24T10:00:00Z', awardId: 2 },
    { badgeId: 'first-rdv', earnedAt: long(41) },
    { badgeId: 1, earnedAt: 'x' },
  ],
  referenceData: [
    { kind: 'mission', id: 3 },
    { kind: 'callProcess', id: null },
    { kind: 'lead', id: 3 },
    { kind: 'tag', id: 0 },
    { kind: 'tag' },
    { kind: 'tag', id: 2, extra: 'x' },
  ],
  importProgress: [
    { importId: 3, state: 'running', rowsDone: 500, totalRows: 1000, rowsPerSecond: 2500.5, secondsLeft: 1 },
    { importId: 3, state: 'done', rowsDone: 1000, totalRows: 1000, rowsPerSecond: 0, secondsLeft: null },
    { importId: 3, state: 'paused', rowsDone: 0, totalRows: 0, rowsPerSecond: 0, secondsLeft: null },
    { importId: 3, state: 'running', rowsDone: -1, totalRows: 0, rowsPerSecond: 0, secondsLeft: null },
    { importId: 3, state: 'running', rowsDone: 1, totalRows: 2, rowsPerSecond: -1, secondsLeft: 1 },
    { importId: 3, state: 'running', rowsDone: 1, totalRows: 2, rowsPerSecond: 1 },
  ],
  activity: [
    { userId: 4, cause: 'call' },
    { userId: 4, cause: 'user', extra: 1 },
    { userId: 4, cause: 'coffee' },
    { userId: 0, cause: 'lead' },
    { cause: 'experience' },
  ],
  leaderboard: [{ at: '2026-11-26T10:00:00.000Z' }, { at: long(41) }, { at: 3 }, {}, { at: 'x', extra: 1 }],
}

describe('live payload readers', () => {
  for (const [kind, samples] of Object.entries(SAMPLES) as [LiveChannelKind, unknown[]][])
    it(`agree with the zod schema of ${kind}`, () => {
      for (const sample of samples) {
        const zod = livePayloadSchemas[kind].safeParse(sample)
        expect(readLivePayload(kind, sample), JSON.stringify(sample)).toEqual(zod.success ? zod.data : null)
      }
      expect(readLivePayload(kind, null)).toBeNull()
      expect(readLivePayload(kind, [samples[0]])).toBeNull()
    })

  it('read channel names and their user', () => {
    expect(parseChannel('user:42:lead:update')).toEqual({ kind: 'leadUpdate', userId: 42 })
    expect(parseChannel('badge:7')).toEqual({ kind: 'badge', userId: 7 })
    expect(parseChannel('user:7:reference-data')).toEqual({ kind: 'referenceData', userId: 7 })
    expect(parseChannel('user:7:importProgress')).toEqual({ kind: 'importProgress', userId: 7 })
    expect(parseChannel('user:7:activity')).toEqual({ kind: 'activity', userId: 7 })
    expect(parseChannel('user:0:experience')).toBeNull()
    expect(parseChannel('user:9999999999:experience')).toBeNull()
    expect(parseChannel('other:1')).toBeNull()
    // Issue #14: the leaderboard is one channel for every reader, of no user.
    expect(parseChannel('leaderboard')).toEqual({ kind: 'leaderboard', userId: null })
    expect(parseChannel('leaderboard:1')).toBeNull()
  })
})
