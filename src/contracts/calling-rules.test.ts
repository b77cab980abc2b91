import { describe, expect, it } from 'vitest'
import {
  ALWAYS_OPEN_HOURS,
  callingRefusal,
  nextCallAt,
  nextOpening,
  parisClock,
  REGULATED_RULES,
  rulesOf,
  withinHours,
} from './calling-rules.ts'

const at = (iso: string) => new Date(iso)
const open = (iso: string) => withinHours(REGULATED_RULES.hours, parisClock(at(iso)))

describe('the legal frame of telephone prospecting (décret 2022-1313), in Paris time', () => {
  it('allows Monday–Friday 10:00–13:00 and 14:00–20:00, across the DST change', () => {
    // Friday 27 March 2026 is UTC+1; Monday 30 March, after the change, UTC+2.
    expect(open('2026-03-27T09:00:00Z')).toBe(true) // Friday 10:00
    expect(open('2026-03-27T08:59:00Z')).toBe(false) // 09:59
    expect(open('2026-03-27T12:00:00Z')).toBe(false) // 13:00
    expect(open('2026-03-27T13:00:00Z')).toBe(true) // 14:00
    expect(open('2026-03-27T18:59:00Z')).toBe(true) // 19:59
    expect(open('2026-03-27T19:00:00Z')).toBe(false) // 20:00
    expect(open('2026-03-28T10:00:00Z')).toBe(false) // Saturday
    expect(open('2026-03-30T08:00:00Z')).toBe(true) // Monday 10:00 (UTC+2)
    expect(open('2026-03-30T07:30:00Z')).toBe(false) // Monday 09:30 (UTC+2)
  })

  it('never on a public holiday (Easter Monday, 14 July)', () => {
    expect(open('2026-04-06T08:00:00Z')).toBe(false)
    expect(open('2026-07-14T08:00:00Z')).toBe(false)
    expect(open('2026-07-15T08:00:00Z')).toBe(true)
  })

  it('opens next on the next allowed slot: after 20:00 on Friday, Monday 10:00; at lunch, 14:00', () => {
    expect(nextOpening(REGULATED_RULES.hours, at('2026-03-27T19:30:00Z'))?.toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    )
    expect(nextOpening(REGULATED_RULES.hours, at('2026-03-27T12:10:00Z'))?.toISOString()).toBe(
      '2026-03-27T13:00:00.000Z',
    )
    // Before Easter Monday: Tuesday 7 April 10:00.
    expect(nextOpening(REGULATED_RULES.hours, at('2026-04-03T19:30:00Z'))?.toISOString()).toBe(
      '2026-04-07T08:00:00.000Z',
    )
    const now = at('2026-03-27T10:00:00Z')
    expect(nextOpening(REGULATED_RULES.hours, now)).toBe(now)
  })

  it('caps attempts at 4 in 30 days and keeps 60 quiet days after a refusal', () => {
    const now = at('2026-03-27T10:00:00Z') // Friday 11:00
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000)
    const four = [days(1), days(2), days(10), days(20)]
    expect(
      callingRefusal(REGULATED_RULES, { noContactUntil: null, recentAttempts: four.slice(1) }, now),
    ).toBeNull()
    expect(callingRefusal(REGULATED_RULES, { noContactUntil: null, recentAttempts: four }, now)).toBe(
      'CALL_ATTEMPTS_CAP',
    )
    // The 4th most recent attempt (20 days ago) leaves the window in 10 days: Monday 6 April is
    // Easter Monday, so Tuesday 7 April 10:00.
    expect(
      nextCallAt(REGULATED_RULES, { noContactUntil: null, recentAttempts: four }, now)?.toISOString(),
    ).toBe('2026-04-07T08:00:00.000Z')
    const quiet = { noContactUntil: at('2026-05-20T12:00:00Z'), recentAttempts: [] }
    expect(callingRefusal(REGULATED_RULES, quiet, now)).toBe('QUIET_PERIOD')
    expect(nextCallAt(REGULATED_RULES, quiet, now)?.toISOString()).toBe('2026-05-20T12:00:00.000Z')
  })
})

describe('a mission’s own rules', () => {
  it('consent: its own hours only, no cap, no quiet period; custom: its own hours and caps', () => {
    const consent = rulesOf({
      callingRule: 'CONSENT',
      callingHours: ALWAYS_OPEN_HOURS,
      maxCallAttempts: 2,
      quietDays: 10,
    })
    expect(consent).toEqual({ hours: ALWAYS_OPEN_HOURS, maxAttempts: null, quietDays: null })
    expect(withinHours(consent.hours, parisClock(at('2026-04-06T02:00:00Z')))).toBe(true) // holiday, 04:00
    const custom = rulesOf({
      callingRule: 'CUSTOM',
      callingHours: { days: [6], periods: [[9 * 60, 12 * 60]], holidays: false },
      maxCallAttempts: 2,
      quietDays: 10,
    })
    expect(custom.maxAttempts).toBe(2)
    expect(withinHours(custom.hours, parisClock(at('2026-03-28T08:30:00Z')))).toBe(true) // Saturday 09:30
    expect(withinHours(custom.hours, parisClock(at('2026-03-27T08:30:00Z')))).toBe(false) // Friday
    // A regulated mission ignores its stored hours.
    expect(
      rulesOf({
        callingRule: 'REGULATED',
        callingHours: ALWAYS_OPEN_HOURS,
        maxCallAttempts: null,
        quietDays: null,
      }),
    ).toBe(REGULATED_RULES)
  })
})
