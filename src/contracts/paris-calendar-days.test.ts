import { describe, expect, it } from 'vitest'
import { dayRange, parisDay, previousWeek, previousWorkingDay, shiftDay } from './paris-calendar.ts'

describe('Paris days', () => {
  it('an instant’s day follows Paris’s offset on both sides of a DST change', () => {
    // Spring forward, Sunday 29 March 2026 (02:00 → 03:00): midnight Paris is 23:00 UTC before it.
    expect(parisDay(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28')
    expect(parisDay(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29')
    // After it, midnight Paris is 22:00 UTC.
    expect(parisDay(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29')
    expect(parisDay(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30')
    // Fall back, Sunday 25 October 2026.
    expect(parisDay(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25')
    expect(parisDay(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26')
  })

  it('a day’s range is 23 hours in spring, 25 in autumn', () => {
    const hours = (day: string) => {
      const { start, end } = dayRange(day, day)
      return (end.getTime() - start.getTime()) / 3_600_000
    }
    expect(hours('2026-03-29')).toBe(23)
    expect(hours('2026-10-25')).toBe(25)
    expect(hours('2026-11-25')).toBe(24)
    expect(dayRange('2026-03-28', '2026-03-30').start.toISOString()).toBe('2026-03-27T23:00:00.000Z')
    expect(dayRange('2026-03-28', '2026-03-30').end.toISOString()).toBe('2026-03-30T22:00:00.000Z')
  })

  it('the previous working day skips weekends and public holidays', () => {
    expect(previousWorkingDay('2026-11-24')).toBe('2026-11-23')
    expect(previousWorkingDay('2026-11-23')).toBe('2026-11-20') // Monday → Friday
    expect(previousWorkingDay('2026-11-12')).toBe('2026-11-10') // 11 November
    expect(shiftDay('2026-03-28', 2)).toBe('2026-03-30')
  })

  it('the week before: Monday to Sunday, with its working days', () => {
    expect(previousWeek('2026-11-25')).toEqual({
      monday: '2026-11-16',
      sunday: '2026-11-22',
      workingDays: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'],
    })
    // From a Monday, and a week with a public holiday (Wednesday 11 November).
    expect(previousWeek('2026-11-16').workingDays).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-12',
      '2026-11-13',
    ])
    expect(previousWeek('2026-11-22').monday).toBe('2026-11-09')
  })
})
