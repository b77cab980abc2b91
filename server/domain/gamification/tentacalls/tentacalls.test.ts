import { describe, expect, it } from 'vitest'
import type { GamificationEvent, SeriesState } from '../types.ts'
import { answeredMilestone, answeredStreak } from './answered-streak.ts'
import { appointmentDays, appointmentDaysMilestone } from './appointment-days.ts'
import { firstMilestones, nextMilestone, TENTACALLS } from './catalogue.ts'
import { sessionAppointments, sessionKeyOf, sessionMilestone } from './session-appointments.ts'

const empty: SeriesState = { current: 0, record: 0, seriesKey: null }
const answered: GamificationEvent = { kind: 'call-answered', userId: 1, callId: 1, startedAt: new Date() }
const missed: GamificationEvent = { kind: 'call-missed', userId: 1, callId: 2 }
const booked = (sessionKey: string | null): GamificationEvent => ({
  kind: 'appointment',
  userId: 1,
  appointmentId: 1,
  sessionKey,
})

describe('tentacall rules', () => {
  it('the catalogue has unique ids and milestones', () => {
    expect(new Set(TENTACALLS.map((r) => r.id)).size).toBe(TENTACALLS.length)
    for (const rule of TENTACALLS) expect(firstMilestones(rule).length).toBeGreaterThan(2)
  })

  it('the next milestone above a count, past the first few too', () => {
    expect([0, 4, 5, 10, 25, 60].map((n) => nextMilestone(answeredStreak, n))).toEqual([5, 5, 10, 25, 50, 75])
    expect(nextMilestone(sessionAppointments, 3)).toBe(5)
  })

  it('consecutive answered calls: grows, a missed call breaks it, the record stays', () => {
    let state = empty
    for (let i = 0; i < 6; i++) state = answeredStreak.advance(state, answered, '2026-11-25')!
    expect(state).toMatchObject({ current: 6, record: 6 })
    state = answeredStreak.advance(state, missed, '2026-11-25')!
    expect(state).toMatchObject({ current: 0, record: 6 })
    expect(answeredStreak.advance(state, missed, '2026-11-25')).toBeNull()
    expect([1, 4, 5, 10, 11, 25, 49, 50, 75].filter(answeredMilestone)).toEqual([5, 10, 25, 50, 75])
  })

  it('days with an appointment: working days in a row, weekends and public holidays do not break it', () => {
    const step = (state: SeriesState, day: string) => appointmentDays.advance(state, booked(null), day)
    let state = step(empty, '2026-11-05')! // Thursday
    expect(state).toMatchObject({ current: 1, seriesKey: '2026-11-05' })
    expect(step(state, '2026-11-05')).toBeNull() // a second one the same day
    state = step(state, '2026-11-06')! // Friday
    state = step(state, '2026-11-09')! // Monday: the weekend does not break it
    state = step(state, '2026-11-10')! // Tuesday; Wednesday 11 November is a public holiday
    state = step(state, '2026-11-12')!
    expect(state).toMatchObject({ current: 5, record: 5 })
    expect(appointmentDays.currentAt(state, '2026-11-13')).toBe(5) // the next working day: still on
    expect(appointmentDays.currentAt(state, '2026-11-16')).toBe(0) // Friday passed without one
    state = step(state, '2026-11-17')!
    expect(state).toMatchObject({ current: 1, record: 5 })
    expect([1, 2, 3, 5, 9, 10, 20].filter(appointmentDaysMilestone)).toEqual([3, 5, 10, 20])
  })

  it('appointments in one session: another session starts again; no session leaves it', () => {
    let state = sessionAppointments.advance(empty, booked('a'), '2026-11-25')!
    state = sessionAppointments.advance(state, booked('a'), '2026-11-25')!
    expect(state).toMatchObject({ current: 2, seriesKey: 'a' })
    expect(sessionAppointments.advance(state, booked(null), '2026-11-25')).toBeNull()
    state = sessionAppointments.advance(state, booked('b'), '2026-11-25')!
    expect(state).toMatchObject({ current: 1, record: 2, seriesKey: 'b' })
    expect([2, 3, 4, 5, 10].filter(sessionMilestone)).toEqual([3, 5, 10])
    expect(sessionKeyOf('secret-session-id')).not.toContain('secret')
    expect(sessionKeyOf('x')).toBe(sessionKeyOf('x'))
    expect(sessionKeyOf(null)).toBeNull()
  })
})
