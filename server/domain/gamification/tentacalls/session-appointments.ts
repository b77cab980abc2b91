import { createHash } from 'node:crypto'
import { tentacallNames } from '../../../../src/contracts/award-names.ts'
import { grown, type TentacallRule } from '../types.ts'

/** Awarded at 3 and 5 appointments in one session, then every 5. */
export function sessionMilestone(count: number): boolean {
  return count === 3 || (count >= 5 && count % 5 === 0)
}

/**
 * Appointments booked within one sign-in session (the series key is a digest of the session, never
 * the session id itself). A booking without a session (none today) leaves it as it is.
 */
export const sessionAppointments: TentacallRule = {
  id: 'rdv-session',
  name: tentacallNames['rdv-session'],
  description: 'Rendez-vous fixés pendant une même session de travail.',
  icon: 'zap',
  on: ['appointment'],
  advance: (state, event) => {
    if (event.kind !== 'appointment' || event.sessionKey === null) return null
    return grown(state, event.sessionKey, state.seriesKey === event.sessionKey ? state.current + 1 : 1)
  },
  milestone: sessionMilestone,
  currentAt: (state) => state.current,
}

/** The series key of a sign-in session: a short digest (the session id is a credential). */
export function sessionKeyOf(sessionId: string | null): string | null {
  return sessionId === null ? null : createHash('sha256').update(sessionId).digest('base64url').slice(0, 16)
}
