// The tentacalls, the product's streaks (issue #14, docs/domain.md "Gamification"). Adding one is
// adding its rule module here; its id is stored (user_tentacalls, user_awards): never rename one.
import type { TentacallRule } from '../types.ts'
import { answeredStreak } from './answered-streak.ts'
import { appointmentDays } from './appointment-days.ts'
import { sessionAppointments } from './session-appointments.ts'

export const TENTACALLS: readonly TentacallRule[] = [answeredStreak, appointmentDays, sessionAppointments]

/** The first counts that award a tentacall, for the screens. */
export function firstMilestones(rule: TentacallRule, upTo = 100): number[] {
  return Array.from({ length: upTo }, (_, i) => i + 1)
    .filter(rule.milestone)
    .slice(0, 5)
}

/** The first count above `current` that awards the tentacall (every rule has one within 1 000 more). */
export function nextMilestone(rule: TentacallRule, current: number): number {
  let count = current + 1
  while (!rule.milestone(count) && count < current + 1_000) count += 1
  return count
}
