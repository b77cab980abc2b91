import { describe, expect, it } from 'vitest'
import { appointmentDay } from './appointment-mails.ts'

// {date_rdv} of the appointment mails: fixed instants, so the test reads the same on any day of the year
// (issue #25: a pattern read against today's bookings failed in décembre, février and août).
describe('appointmentDay', () => {
  it('writes the Paris calendar day in French, accents and all', () => {
    expect(appointmentDay(new Date('2026-12-08T09:00:00Z'))).toBe('mardi 8 décembre 2026')
    expect(appointmentDay(new Date('2027-02-10T09:00:00Z'))).toBe('mercredi 10 février 2027')
    expect(appointmentDay(new Date('2027-08-16T08:00:00Z'))).toBe('lundi 16 août 2027')
  })

  it('writes the first of the month as an ordinal, and only the first', () => {
    expect(appointmentDay(new Date('2026-12-01T09:00:00Z'))).toBe('mardi 1er décembre 2026')
    expect(appointmentDay(new Date('2026-12-11T09:00:00Z'))).toBe('vendredi 11 décembre 2026')
    expect(appointmentDay(new Date('2026-12-21T09:00:00Z'))).toBe('lundi 21 décembre 2026')
  })

  it('takes the day in Paris, not in UTC', () => {
    expect(appointmentDay(new Date('2026-11-30T23:30:00Z'))).toBe('mardi 1er décembre 2026')
  })
})
