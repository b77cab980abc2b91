// Instants of today's Paris day for tests that make something "a minute ago" on the real clock and
// then read it as today's (daily_activity, "Ma journée", the recalls due today). The server counts a
// call on the Paris day it started, so just after midnight "a minute ago" is yesterday: such a test
// failed when it ran in the first minutes of the day (CI runs at night too). Tests whose events span
// longer pin the clock instead (activity-overview.test.ts) or script a fixed day.
import { dayRange, parisDay } from '../../src/contracts/paris-calendar.ts'

/** The instant today's Paris day began. */
export function parisMidnight(now = new Date()): Date {
  const today = parisDay(now)
  return dayRange(today, today).start
}

/** `ms` before now, or today's first instant when that would fall on yesterday (Paris). */
export function earlierToday(ms: number, now = new Date()): Date {
  return new Date(Math.max(now.getTime() - ms, parisMidnight(now).getTime()))
}
