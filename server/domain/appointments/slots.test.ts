import { describe, expect, it } from 'vitest'
import {
  isFrenchPublicHoliday,
  offeredDays,
  refuseSlot,
  slotsOfDay,
  zonedInstant,
  type CivilDate,
} from './slots.ts'

const day = (iso: string): CivilDate => {
  const [year, month, date] = iso.split('-').map(Number)
  return { year: year!, month: month!, day: date! }
}
const starts = (slots: { startsAt: Date }[]) => slots.map((slot) => slot.startsAt.toISOString())

describe('the working-hours grid (Europe/Paris)', () => {
  it('gives 7 one-hour slots, 09:00–12:00 and 14:00–18:00 Paris time, in winter and in summer', () => {
    expect(starts(slotsOfDay(day('2026-11-23')))).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T16:00:00.000Z',
    ])
    const june = slotsOfDay(day('2026-06-15'))
    expect(starts(june)[0]).toBe('2026-06-15T07:00:00.000Z')
    expect(june.at(-1)?.endsAt.toISOString()).toBe('2026-06-15T16:00:00.000Z')
  })

  it('follows the spring DST change: Friday 09:00 is 08:00 UTC, the Monday after is 07:00 UTC', () => {
    const days = offeredDays(new Date('2026-03-27T06:00:00Z'))
    expect(days.slice(0, 2).map((d) => d.date)).toEqual(['2026-03-27', '2026-03-30'])
    expect(days[0]!.slots[0]!.startsAt.toISOString()).toBe('2026-03-27T08:00:00.000Z')
    expect(days[1]!.slots[0]!.startsAt.toISOString()).toBe('2026-03-30T07:00:00.000Z')
    expect(days[1]!.slots.at(-1)!.startsAt.toISOString()).toBe('2026-03-30T15:00:00.000Z')
  })

  it('follows the autumn DST change: Friday 09:00 is 07:00 UTC, the Monday after is 08:00 UTC', () => {
    const days = offeredDays(new Date('2026-10-23T05:00:00Z'))
    expect(days.slice(0, 2).map((d) => d.date)).toEqual(['2026-10-23', '2026-10-26'])
    expect(days[0]!.slots[0]!.startsAt.toISOString()).toBe('2026-10-23T07:00:00.000Z')
    expect(days[1]!.slots[0]!.startsAt.toISOString()).toBe('2026-10-26T08:00:00.000Z')
  })

  it('turns Paris wall-clock times into instants on both sides of a DST change', () => {
    expect(zonedInstant(day('2026-03-29'), 60).toISOString()).toBe('2026-03-29T00:00:00.000Z')
    expect(zonedInstant(day('2026-03-29'), 3 * 60 + 30).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(zonedInstant(day('2026-10-25'), 12 * 60).toISOString()).toBe('2026-10-25T11:00:00.000Z')
  })

  it('skips weekends and the French public holidays, Easter-based ones included', () => {
    for (const holiday of [
      '2026-11-11',
      '2026-04-06',
      '2026-05-14',
      '2026-05-25',
      '2027-03-29',
      '2026-12-25',
    ])
      expect(isFrenchPublicHoliday(day(holiday)), holiday).toBe(true)
    expect(isFrenchPublicHoliday(day('2026-11-12'))).toBe(false)
    expect(slotsOfDay(day('2026-11-11'))).toEqual([])
    expect(slotsOfDay(day('2026-11-21'))).toEqual([])
    const days = offeredDays(new Date('2026-11-09T06:00:00Z'))
    expect(days.map((d) => d.date)).not.toContain('2026-11-11')
    expect(days.map((d) => d.date)).toContain('2026-11-12')
  })
})

describe('the booking window', () => {
  it('covers today and the next 20 days (3 weeks): every working day, 7 slots each', () => {
    const days = offeredDays(new Date('2026-11-22T11:00:00Z'))
    expect(days[0]!.date).toBe('2026-11-23')
    expect(days.at(-1)!.date).toBe('2026-12-11')
    expect(days).toHaveLength(15)
    expect(days.every((d) => d.slots.length === 7)).toBe(true)
  })

  it('starts at least 2 hours after now', () => {
    const [today] = offeredDays(new Date('2026-11-23T07:00:00Z'))
    expect(today!.date).toBe('2026-11-23')
    expect(starts(today!.slots)[0]).toBe('2026-11-23T09:00:00.000Z')
    const [afternoon] = offeredDays(new Date('2026-11-23T09:30:00Z'))
    expect(starts(afternoon!.slots)).toEqual([
      '2026-11-23T13:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T16:00:00.000Z',
    ])
    const [evening] = offeredDays(new Date('2026-11-23T17:00:00Z'))
    expect(evening!.date).toBe('2026-11-24')
  })
})

describe('refuseSlot', () => {
  const now = new Date('2026-11-23T07:00:00Z')
  it.each([
    ['2026-11-23T09:00:00.000Z', null],
    ['2026-11-24T10:00:00+01:00', null],
    ['2026-11-23T06:00:00.000Z', 'past'],
    ['2026-11-23T08:00:00.000Z', 'too-soon'],
    ['2026-11-24T09:30:00.000Z', 'not-a-slot'],
    ['2026-11-24T11:00:00.000Z', 'not-a-slot'],
    ['2026-11-24T09:00:00.001Z', 'not-a-slot'],
    ['2026-11-28T09:00:00.000Z', 'not-a-slot'],
    ['2026-12-11T16:00:00.000Z', null],
    ['2026-12-14T08:00:00.000Z', 'too-late'],
  ])('%s → %s', (startsAt, expected) => {
    expect(refuseSlot(new Date(startsAt), now)).toBe(expected)
  })
})
