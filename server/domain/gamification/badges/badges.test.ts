import { describe, expect, it } from 'vitest'
import type { BadgeFacts, GamificationEvent, WeekFacts } from '../types.ts'
import { BADGES } from './catalogue.ts'
import { TENTACALLS } from '../tentacalls/catalogue.ts'
import { awardName, badgeNames, tentacallNames } from '../../../../src/contracts/award-names.ts'
import { cleanWeek } from './clean-week.ts'
import { earlyBird } from './early-bird.ts'
import { firstAnswered } from './first-answered.ts'
import { firstAppointment } from './first-appointment.ts'
import { hundredAnswered } from './hundred-answered.ts'
import { tenAppointmentsDay } from './ten-appointments-day.ts'

const answered = (startedAt: string): GamificationEvent => ({
  kind: 'call-answered',
  userId: 1,
  callId: 1,
  startedAt: new Date(startedAt),
})
const appointment: GamificationEvent = { kind: 'appointment', userId: 1, appointmentId: 1, sessionKey: null }

function facts(over: Partial<BadgeFacts> = {}): BadgeFacts {
  return {
    event: appointment,
    day: '2026-11-25',
    totals: { answered: 0, appointments: 0 },
    today: { answered: 0, appointments: 0, tags: 0 },
    previousWeek: null,
    ...over,
  }
}

describe('badge rules', () => {
  it('the catalogue has unique ids, French names and descriptions, and an icon each', () => {
    expect(new Set(BADGES.map((b) => b.id)).size).toBe(BADGES.length)
    for (const badge of BADGES) {
      expect(badge.name.length).toBeGreaterThan(0)
      expect(badge.description).toMatch(/\.$/)
      expect(badge.icon).toMatch(/^[a-z-]+$/)
      expect(badge.on.length).toBeGreaterThan(0)
    }
  })

  it('first appointment: from the first one', () => {
    expect(firstAppointment.earned(facts())).toBe(false)
    expect(firstAppointment.earned(facts({ totals: { answered: 0, appointments: 1 } }))).toBe(true)
  })

  it('ten appointments in a day: today’s, not the total', () => {
    expect(tenAppointmentsDay.earned(facts({ totals: { answered: 0, appointments: 50 } }))).toBe(false)
    expect(tenAppointmentsDay.earned(facts({ today: { answered: 0, appointments: 9, tags: 0 } }))).toBe(false)
    expect(tenAppointmentsDay.earned(facts({ today: { answered: 0, appointments: 10, tags: 0 } }))).toBe(true)
  })

  it('first answered call and a hundred answered calls', () => {
    expect(firstAnswered.earned(facts({ totals: { answered: 1, appointments: 0 } }))).toBe(true)
    expect(firstAnswered.earned(facts())).toBe(false)
    expect(hundredAnswered.earned(facts({ totals: { answered: 99, appointments: 0 } }))).toBe(false)
    expect(hundredAnswered.earned(facts({ totals: { answered: 100, appointments: 0 } }))).toBe(true)
  })

  it('early bird: a call started before 9:00 Paris, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(earlyBird.earned(facts({ event: answered('2026-01-15T07:59:00Z') }))).toBe(true)
    expect(earlyBird.earned(facts({ event: answered('2026-01-15T08:00:00Z') }))).toBe(false)
    expect(earlyBird.earned(facts({ event: answered('2026-07-15T06:59:00Z') }))).toBe(true)
    expect(earlyBird.earned(facts({ event: answered('2026-07-15T07:00:00Z') }))).toBe(false)
    expect(earlyBird.earned(facts({ event: appointment }))).toBe(false)
  })

  it('clean week: calls on every working day and no untagged call', () => {
    const week = (over: Partial<WeekFacts>): BadgeFacts =>
      facts({ previousWeek: { workingDays: 5, activeWorkingDays: 5, untaggedCalls: 0, ...over } })
    expect(cleanWeek.earned(week({}))).toBe(true)
    expect(cleanWeek.earned(week({ untaggedCalls: 1 }))).toBe(false)
    expect(cleanWeek.earned(week({ activeWorkingDays: 4 }))).toBe(false)
    expect(cleanWeek.earned(week({ workingDays: 0, activeWorkingDays: 0 }))).toBe(false)
    expect(cleanWeek.earned(facts())).toBe(false)
    // The week's calls are read at the first outcome of a day only.
    expect(cleanWeek.needsPreviousWeek!(facts({ today: { answered: 0, appointments: 0, tags: 1 } }))).toBe(
      true,
    )
    expect(cleanWeek.needsPreviousWeek!(facts({ today: { answered: 0, appointments: 0, tags: 2 } }))).toBe(
      false,
    )
  })
})

describe('the catalogue’s French names', () => {
  it('names every badge and tentacall where the notifications read them (src/contracts/award-names.ts)', () => {
    expect(Object.keys(badgeNames).sort()).toEqual(BADGES.map((rule) => rule.id).sort())
    expect(Object.keys(tentacallNames).sort()).toEqual(TENTACALLS.map((rule) => rule.id).sort())
    for (const rule of BADGES) expect(awardName('badge', rule.id)).toBe(rule.name)
    for (const rule of TENTACALLS) expect(awardName('tentacall', rule.id)).toBe(rule.name)
    // A code outside the catalogue (the dev endpoint's) is shown as it is.
    expect(awardName('badge', 'push-cdp')).toBe('push-cdp')
    expect(awardName('badge', 'toString')).toBe('toString')
  })
})
