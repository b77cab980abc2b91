// Issue #14 "The leaderboard": Europe/Paris periods (the week from Monday, across a DST change), the
// names a wall screen shows and the ranking rule.
import { describe, expect, it } from 'vitest'
import { initialsOf, periodDays, ranked, shortName } from './reads.ts'

describe('leaderboard periods (Europe/Paris)', () => {
  it('today, the week from Monday and the month, today included', () => {
    // Wednesday 25 November 2026, 10:00 Paris.
    const now = new Date('2026-11-25T09:00:00Z')
    expect(periodDays('today', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' })
    expect(periodDays('week', now)).toEqual({ from: '2026-11-23', to: '2026-11-25' })
    expect(periodDays('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-25' })
  })

  it('follows the Paris day, not UTC’s: Sunday night 23:30 Paris is still that week', () => {
    // Sunday 29 November 2026, 23:30 Paris = 22:30 UTC; 00:30 Paris on Monday = 23:30 UTC Sunday.
    expect(periodDays('week', new Date('2026-11-29T22:30:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    })
    expect(periodDays('week', new Date('2026-11-29T23:30:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
    })
    // Midnight Paris on 1 December is 23:00 UTC on 30 November: already the new month.
    expect(periodDays('month', new Date('2026-11-30T23:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    })
  })

  it('keeps the Monday across the autumn DST change (Sunday 25 October 2026)', () => {
    // Monday 26 October 2026, 00:30 Paris (UTC+1 since the change) = 23:30 UTC on Sunday.
    expect(periodDays('week', new Date('2026-10-25T23:30:00Z'))).toEqual({
      from: '2026-10-26',
      to: '2026-10-26',
    })
    // Sunday 25 October, 23:30 Paris = 22:30 UTC: the week that began on Monday 19 October.
    expect(periodDays('week', new Date('2026-10-25T22:30:00Z'))).toEqual({
      from: '2026-10-19',
      to: '2026-10-25',
    })
  })
})

describe('leaderboard names', () => {
  it('first name and the initial of the last name, nothing more', () => {
    expect(shortName('Camille', 'Martin')).toBe('Camille M.')
    expect(shortName('Zoé', 'élise')).toBe('Zoé É.')
    expect(shortName('Jean', "d'Ormesson")).toBe('Jean D.')
    expect(shortName('Lou', '')).toBe('Lou')
    expect(initialsOf('camille', 'Martin')).toBe('CM')
  })
})

describe('leaderboard ranking', () => {
  const standing = (userId: number, name: string, experiencePoints: number, appointments: number) => ({
    userId,
    name,
    initials: '',
    avatarUrl: null,
    experiencePoints,
    appointments,
    level: 1,
    teamIds: [],
    badgesToday: [],
  })

  it('most experience first, then appointments; equal figures share a rank (1, 2, 2, 4)', () => {
    const board = ranked([
      standing(1, 'Alice A.', 40, 1),
      standing(2, 'Bruno B.', 60, 0),
      standing(3, 'Chloé C.', 40, 2),
      standing(4, 'David D.', 40, 1),
      standing(5, 'Emma E.', 0, 0),
    ])
    expect(board.map(({ userId, rank }) => [userId, rank])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
      [4, 3],
      [5, 5],
    ])
  })
})
