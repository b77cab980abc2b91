// Issue #14: the statistics' periods in Europe/Paris days, across the spring DST change (Sunday
// 29 March 2026) and month ends; the previous period has the same length.
import { describe, expect, it } from 'vitest'
import {
  daysOf,
  deriveFigures,
  periodLength,
  previousPeriod,
  resolvePeriod,
  weekdayOf,
} from './activity-periods.ts'

describe('periods', () => {
  it('resolves the presets on a Wednesday of the DST week', () => {
    const today = '2026-04-01' // Wednesday after the change
    expect(resolvePeriod('today', today)).toEqual({ from: today, to: today })
    expect(resolvePeriod('yesterday', today)).toEqual({ from: '2026-03-31', to: '2026-03-31' })
    expect(resolvePeriod('this-week', today)).toEqual({ from: '2026-03-30', to: today })
    // The week of the change: Monday 23 to Sunday 29 March, seven days though one lasted 23 hours.
    expect(resolvePeriod('last-week', today)).toEqual({ from: '2026-03-23', to: '2026-03-29' })
    expect(resolvePeriod('this-month', today)).toEqual({ from: '2026-04-01', to: today })
    expect(resolvePeriod('custom', today, { from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    })
  })

  it('on the Sunday of the change and on a Monday', () => {
    expect(weekdayOf('2026-03-29')).toBe(6)
    expect(resolvePeriod('this-week', '2026-03-29')).toEqual({ from: '2026-03-23', to: '2026-03-29' })
    expect(resolvePeriod('last-week', '2026-03-30')).toEqual({ from: '2026-03-23', to: '2026-03-29' })
    expect(resolvePeriod('this-week', '2026-03-30')).toEqual({ from: '2026-03-30', to: '2026-03-30' })
  })

  it('compares with a previous period of the same length', () => {
    expect(previousPeriod('today', { from: '2026-03-30', to: '2026-03-30' })).toEqual({
      from: '2026-03-29',
      to: '2026-03-29',
    })
    expect(previousPeriod('last-week', { from: '2026-03-23', to: '2026-03-29' })).toEqual({
      from: '2026-03-16',
      to: '2026-03-22',
    })
    // This week so far (Monday to Wednesday): the same days of the week before.
    expect(previousPeriod('this-week', { from: '2026-03-30', to: '2026-04-01' })).toEqual({
      from: '2026-03-23',
      to: '2026-03-25',
    })
    // This month so far: the same first days of the previous month, cut at its end.
    expect(previousPeriod('this-month', { from: '2026-11-01', to: '2026-11-26' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-26',
    })
    expect(previousPeriod('this-month', { from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    })
    expect(previousPeriod('this-month', { from: '2026-01-01', to: '2026-01-05' })).toEqual({
      from: '2025-12-01',
      to: '2025-12-05',
    })
    expect(previousPeriod('custom', { from: '2026-03-25', to: '2026-04-02' })).toEqual({
      from: '2026-03-16',
      to: '2026-03-24',
    })
  })

  it('counts days, not hours, across the change', () => {
    expect(periodLength({ from: '2026-03-29', to: '2026-03-29' })).toBe(1)
    expect(periodLength({ from: '2026-03-23', to: '2026-03-29' })).toBe(7)
    expect(periodLength({ from: '2026-10-24', to: '2026-10-26' })).toBe(3)
    expect(periodLength({ from: '2024-01-01', to: '2024-12-31' })).toBe(366)
    expect(daysOf({ from: '2026-03-28', to: '2026-03-30' })).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ])
  })
})

describe('derived figures', () => {
  const counts = {
    callsMade: 6,
    callsReceived: 2,
    answered: 5,
    talkSeconds: 600,
    tags: 4,
    appointments: 1,
    leadsProcessed: 4,
    xp: 30,
  }
  it('answered rate over made and received calls, talk per answered call, appointments per lead', () => {
    expect(deriveFigures(counts)).toEqual({
      calls: 8,
      answeredRate: 5 / 8,
      averageTalkSeconds: 120,
      conversion: 0.25,
    })
  })
  it('nothing to divide: null, not 0', () => {
    const none = { ...counts, callsMade: 0, callsReceived: 0, answered: 0, leadsProcessed: 0 }
    expect(deriveFigures(none)).toMatchObject({
      answeredRate: null,
      averageTalkSeconds: null,
      conversion: null,
    })
  })
})
