import { describe, expect, it } from 'vitest'
import {
  addDays,
  civilDateOf,
  isFrenchPublicHoliday,
  isoDate,
  isWorkingDay,
  minutesOfDay,
  parseIsoDate,
  withOrdinalFirst,
  zonedInstant,
} from './paris-calendar.ts'

const date = (value: string) => parseIsoDate(value)!

describe('Paris wall clock', () => {
  it('maps a Paris time to its instant in winter (UTC+1) and summer (UTC+2)', () => {
    expect(zonedInstant(date('2026-01-15'), 10 * 60).toISOString()).toBe('2026-01-15T09:00:00.000Z')
    expect(zonedInstant(date('2026-07-15'), 10 * 60).toISOString()).toBe('2026-07-15T08:00:00.000Z')
  })

  it('crosses the DST changes: the day of the spring change and of the autumn change', () => {
    // 29 March 2026: 02:00 → 03:00. 10:00 that day is already summer time.
    expect(zonedInstant(date('2026-03-29'), 10 * 60).toISOString()).toBe('2026-03-29T08:00:00.000Z')
    expect(zonedInstant(date('2026-03-28'), 10 * 60).toISOString()).toBe('2026-03-28T09:00:00.000Z')
    // 25 October 2026: 03:00 → 02:00. 14:00 that day is winter time.
    expect(zonedInstant(date('2026-10-25'), 14 * 60).toISOString()).toBe('2026-10-25T13:00:00.000Z')
    expect(zonedInstant(date('2026-10-24'), 14 * 60).toISOString()).toBe('2026-10-24T12:00:00.000Z')
  })

  it('reads the Paris date and minutes of an instant, near midnight too', () => {
    const lateUtc = new Date('2026-06-30T22:30:00Z') // 00:30 on 1 July in Paris
    expect(civilDateOf(lateUtc)).toEqual({ year: 2026, month: 7, day: 1 })
    expect(minutesOfDay(lateUtc)).toBe(30)
    expect(minutesOfDay(new Date('2026-12-01T13:45:00Z'))).toBe(14 * 60 + 45)
  })
})

describe('civil dates', () => {
  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
    expect(parseIsoDate('2026-02-29')).toBeNull()
    expect(parseIsoDate('2026-13-01')).toBeNull()
    expect(parseIsoDate('26-01-01')).toBeNull()
    expect(parseIsoDate('2026-1-01')).toBeNull()
  })

  it('adds days across months, years and DST changes', () => {
    expect(isoDate(addDays(date('2026-12-31'), 1))).toBe('2027-01-01')
    expect(isoDate(addDays(date('2026-03-28'), 2))).toBe('2026-03-30')
    expect(isoDate(addDays(date('2026-03-01'), -1))).toBe('2026-02-28')
  })
})

describe('working days of metropolitan France', () => {
  it('knows the fixed and the Easter-based public holidays', () => {
    for (const holiday of ['2026-01-01', '2026-05-01', '2026-07-14', '2026-11-11', '2026-12-25'])
      expect(isFrenchPublicHoliday(date(holiday)), holiday).toBe(true)
    // Easter 2026 is 5 April: Monday 6 April, Ascension 14 May, Whit Monday 25 May.
    for (const holiday of ['2026-04-06', '2026-05-14', '2026-05-25'])
      expect(isFrenchPublicHoliday(date(holiday)), holiday).toBe(true)
    expect(isFrenchPublicHoliday(date('2026-04-05'))).toBe(false)
    expect(isFrenchPublicHoliday(date('2026-11-25'))).toBe(false)
  })

  it('is a weekday that is no holiday', () => {
    expect(isWorkingDay(date('2026-11-25'))).toBe(true) // Wednesday
    expect(isWorkingDay(date('2026-11-28'))).toBe(false) // Saturday
    expect(isWorkingDay(date('2026-11-29'))).toBe(false) // Sunday
    expect(isWorkingDay(date('2026-11-11'))).toBe(false) // Armistice, a Wednesday
  })
})

describe('withOrdinalFirst', () => {
  const moment = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
  })

  it('writes the first of the month as « 1er », the other days as numbers (issue #31)', () => {
    expect(withOrdinalFirst(moment, new Date('2026-12-01T09:00:00Z'))).toBe('mardi 1er décembre à 10:00')
    expect(withOrdinalFirst(moment, new Date('2026-12-02T09:00:00Z'))).toBe('mercredi 2 décembre à 10:00')
    expect(withOrdinalFirst(moment, new Date('2026-12-11T09:00:00Z'))).toBe('vendredi 11 décembre à 10:00')
  })
})
