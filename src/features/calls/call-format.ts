// Display helpers of the call bar and the inbound alert (phone numbers: src/i18n/format.ts).
// Display only: the server owns the call's state (docs/domain.md "Calls").
import type { CallStatus } from '../../contracts/call.ts'
import { fr } from '../../i18n/fr.ts'

/** Seconds → "mm:ss" (minutes keep counting past 59). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const minutes = Math.floor(seconds / 60)
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

/** Seconds elapsed since the call started, or the server's count when the start is unknown. */
export function elapsedSeconds(startedAt: string | null, fallback: number, now: number): number {
  const start = startedAt === null ? Number.NaN : Date.parse(startedAt)
  return Number.isNaN(start) ? fallback : Math.max(0, Math.floor((now - start) / 1000))
}

function isKnownStatus(status: string): status is CallStatus {
  return Object.hasOwn(fr.calls.statuses, status)
}

export function callStatusLabel(status: string): string {
  return isKnownStatus(status) ? fr.calls.statuses[status] : fr.calls.unknownStatus
}

/** Ringing for the user: not answered yet (call.created, then call.ringing_on_agent). */
export function isRinging(status: string): boolean {
  return status === ('initial' satisfies CallStatus) || status === ('ringing' satisfies CallStatus)
}
