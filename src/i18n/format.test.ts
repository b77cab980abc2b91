import { describe, expect, it } from 'vitest'
import {
  formatAgendaDay,
  formatAgendaSlot,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatLongDateTime,
  formatTime,
} from './format.ts'
import { formatDay, formatShortDay } from './format-figures.ts'

describe('French dates in Paris time', () => {
  it('writes the first of the month as an ordinal, the other days as numbers', () => {
    expect(formatDate('2026-12-01T10:00:00Z')).toBe('1er décembre 2026')
    expect(formatDate('2026-12-02T10:00:00Z')).toBe('2 décembre 2026')
    expect(formatDate('2026-12-11T10:00:00Z')).toBe('11 décembre 2026')
    expect(formatDate('2026-12-21T10:00:00Z')).toBe('21 décembre 2026')
  })

  it('shows the weekday in lower case', () => {
    expect(formatLongDate('2026-12-01T10:00:00Z')).toBe('mardi 1er décembre 2026')
    expect(formatLongDateTime('2026-12-01T13:30:00Z')).toBe('mardi 1er décembre 2026 à 14:30')
    expect(formatAgendaDay('2026-12-01')).toBe('mardi 1er décembre')
    expect(formatAgendaSlot('2026-11-23T09:00:00Z')).toBe('lundi 23 novembre à 10:00')
  })

  it('writes times on 24 hours, midnight as 00:00 and noon as 12:00', () => {
    expect(formatTime('2026-11-30T23:00:00Z')).toBe('00:00')
    expect(formatDateTime('2026-11-30T23:00:00Z')).toBe('1er décembre 2026 à 00:00')
    expect(formatTime('2026-12-01T11:00:00Z')).toBe('12:00')
    expect(formatTime('2026-12-01T13:05:00Z')).toBe('14:05')
  })

  it('takes the Paris calendar day, not the UTC one', () => {
    expect(formatDate('2026-11-30T23:30:00Z')).toBe('1er décembre 2026')
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('1er janvier 2027')
  })

  it('follows the daylight saving changes', () => {
    // Summer time ends on 25 October 2026 at 03:00 (UTC+2 → UTC+1).
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('25 octobre 2026 à 02:30')
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('25 octobre 2026 à 02:30')
    expect(formatDateTime('2026-10-25T02:30:00Z')).toBe('25 octobre 2026 à 03:30')
    // Summer time starts on 29 March 2026 at 02:00 (UTC+1 → UTC+2).
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('01:59')
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('03:00')
    expect(formatDate('2026-03-28T23:00:00Z')).toBe('29 mars 2026')
  })
})

describe('every date formatter writes the first of the month as « 1er » (issue #31)', () => {
  it('the activity screens’ days, chart axes included', () => {
    expect(formatDay('2026-03-01')).toBe('1er mars 2026')
    expect(formatDay('2026-03-11')).toBe('11 mars 2026')
    expect(formatShortDay('2026-03-01')).toBe('dim. 1er mars')
    expect(formatShortDay('2026-03-21')).toBe('sam. 21 mars')
  })
})
