import { minutesOfDay } from '../../../../src/contracts/paris-calendar.ts'
import { badgeNames } from '../../../../src/contracts/award-names.ts'
import type { BadgeRule } from '../types.ts'

/** 9:00, Paris wall clock. */
export const EARLY_BIRD_BEFORE_MINUTES = 9 * 60

export const earlyBird: BadgeRule = {
  id: 'leve-tot',
  name: badgeNames['leve-tot'],
  description: 'Avoir un appel décroché commencé avant 9 h.',
  icon: 'sunrise',
  on: ['call-answered'],
  earned: ({ event }) =>
    event.kind === 'call-answered' && minutesOfDay(event.startedAt) < EARLY_BIRD_BEFORE_MINUTES,
}
