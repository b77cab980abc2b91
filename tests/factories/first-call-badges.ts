// The badges a user's first answered call earns: "Premier contact" always, and "Lève-tôt" when the
// call began before 9:00 Paris time. Tests that make calls "a minute ago" run at any hour (CI runs at
// night too), so they expect what the rules give for that instant rather than a daytime answer.
import { minutesOfDay } from '../../src/contracts/paris-calendar.ts'
import { EARLY_BIRD_BEFORE_MINUTES } from '../../server/domain/gamification/badges/early-bird.ts'

export function firstAnsweredCallBadges(startedAt: Date): string[] {
  return ['premier-appel', ...(minutesOfDay(startedAt) < EARLY_BIRD_BEFORE_MINUTES ? ['leve-tot'] : [])]
}
