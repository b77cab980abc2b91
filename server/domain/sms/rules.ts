// When an SMS may go to a lead (issue #15 "SMS", docs/domain.md "SMS"): Monday–Friday 8 h–20 h,
// Paris time, French public holidays excluded; an appointment confirmation the lead has just asked
// for (sent within CONFIRMATION_WINDOW_MINUTES of the booking) goes at any hour, once per appointment:
// a re-booking (a move) opens no new window (issue #26, server/domain/sms/rebooking.ts).
import {
  nextOpening,
  parisClock,
  withinHours,
  type CallingHours,
} from '../../../src/contracts/calling-rules.ts'
import type { SmsKind } from '../../../src/contracts/sms.ts'
import type { AppConfig } from '../../config.ts'
import { withOrdinalFirst } from '../../../src/contracts/paris-calendar.ts'

export const SMS_HOURS: CallingHours = {
  days: [1, 2, 3, 4, 5],
  periods: [[8 * 60, 20 * 60]],
  holidays: false,
}

/** A confirmation sent this long after the booking is one the lead "just asked for". */
export const CONFIRMATION_WINDOW_MINUTES = 15

export const QUIET_HOURS_MESSAGE =
  'Pas de SMS à cette heure : les SMS partent du lundi au vendredi de 8 h à 20 h (heure de Paris), hors jours fériés.'

/**
 * Whether the hour refuses this SMS. `appointmentBookedAt` is the booking that opens the
 * confirmation's window: null when there is none, or when the booking moved an appointment.
 */
export function isQuietTime(kind: SmsKind, now: Date, appointmentBookedAt: Date | null): boolean {
  if (
    kind === 'confirmation' &&
    appointmentBookedAt &&
    now.getTime() - appointmentBookedAt.getTime() <= CONFIRMATION_WINDOW_MINUTES * 60_000
  )
    return false
  return !withinHours(SMS_HOURS, parisClock(now))
}

const PARIS_MOMENT = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
})

/** "mercredi 4 mars à 08:00", "mardi 1er décembre à 10:00", Paris time: when a refused SMS may go. */
export function parisMoment(at: Date): string {
  return withOrdinalFirst(PARIS_MOMENT, at)
}

/** The next instant an SMS may go (now when it may). */
export function nextSmsOpening(now: Date): Date | null {
  return nextOpening(SMS_HOURS, now)
}

/**
 * The SMS rules' clock: the wall clock, or outside production the instant SMS_CLOCK names, moving on
 * from the process start (end-to-end tests that must not depend on the hour they run at). It also
 * stamps the send log (the caps count on it) and is the booking's clock (server/routes/leads/
 * appointment.ts), so a confirmation's window is measured on one clock.
 */
export function smsClock(config: Pick<AppConfig, 'sms'>): () => Date {
  const startsAt = config.sms.clockStartsAt
  if (!startsAt) return () => new Date()
  const offset = startsAt.getTime() - Date.now()
  return () => new Date(Date.now() + offset)
}
