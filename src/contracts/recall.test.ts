import { describe, expect, it } from 'vitest'
import { firstRecallFrom, recallInstant, recallTimes, refuseRecall } from './recall.ts'

const NOW = new Date('2026-03-26T12:00:00Z') // Thursday 26 March 2026, 13:00 in Paris (winter time)

describe('recall hours (Paris, décret 2022-1313 hours)', () => {
  it('offers the quarter hours of 10:00–13:00 and 14:00–20:00', () => {
    const times = recallTimes()
    expect(times[0]).toBe(600)
    expect(times).toContain(765) // 12:45
    expect(times).not.toContain(780) // 13:00
    expect(times).toContain(840) // 14:00
    expect(times.at(-1)).toBe(1185) // 19:45
    expect(times).toHaveLength(12 + 24)
  })

  it('turns Paris wall time into the right instant on both sides of the DST change', () => {
    // Friday 27 March 2026 is in winter time (UTC+1), Monday 30 March in summer time (UTC+2).
    expect(recallInstant({ year: 2026, month: 3, day: 27 }, 600).toISOString()).toBe(
      '2026-03-27T09:00:00.000Z',
    )
    expect(recallInstant({ year: 2026, month: 3, day: 30 }, 600).toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    )
    expect(refuseRecall(new Date('2026-03-30T08:00:00Z'), NOW)).toBeNull()
    // 10:00 UTC+1 on the summer-time Monday is 11:00 in Paris: allowed too; 07:00Z is 09:00: not.
    expect(refuseRecall(new Date('2026-03-30T07:00:00Z'), NOW)).toBe('out-of-hours')
  })

  it('refuses the past, weekends, public holidays, lunch, evenings, odd minutes and beyond 60 days', () => {
    expect(refuseRecall(new Date('2026-03-26T11:00:00Z'), NOW)).toBe('past')
    expect(refuseRecall(new Date('2026-03-28T10:00:00Z'), NOW)).toBe('closed-day') // Saturday
    expect(refuseRecall(new Date('2026-04-06T08:00:00Z'), NOW)).toBe('closed-day') // Easter Monday
    expect(refuseRecall(new Date('2026-03-27T12:30:00Z'), NOW)).toBe('out-of-hours') // 13:30
    expect(refuseRecall(new Date('2026-03-27T19:00:00Z'), NOW)).toBe('out-of-hours') // 20:00
    expect(refuseRecall(new Date('2026-03-27T09:10:00Z'), NOW)).toBe('out-of-hours') // 10:10
    expect(refuseRecall(new Date('2026-05-26T08:00:00Z'), NOW)).toBe('too-late')
    expect(refuseRecall(new Date('2026-03-27T13:15:00Z'), NOW)).toBeNull() // Friday 14:15
  })

  it('proposes the first allowed time at or after the outcome’s usual delay', () => {
    // 13:00 + 2 h = 15:00, allowed.
    expect(firstRecallFrom(new Date('2026-03-26T14:00:00Z'), NOW)?.toISOString()).toBe(
      '2026-03-26T14:00:00.000Z',
    )
    // Friday 19:50 → Monday 10:00 (summer time).
    expect(firstRecallFrom(new Date('2026-03-27T18:50:00Z'), NOW)?.toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    )
    // 12:50 → 14:00 the same day.
    expect(firstRecallFrom(new Date('2026-03-27T11:50:00Z'), NOW)?.toISOString()).toBe(
      '2026-03-27T13:00:00.000Z',
    )
  })
})
