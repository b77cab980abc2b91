// The badges (issue #14, docs/domain.md "Gamification"), in the order screens show them. Adding a
// badge is adding its rule module here; its id is stored (user_badges, user_awards): never rename one.
import type { BadgeRule } from '../types.ts'
import { cleanWeek } from './clean-week.ts'
import { earlyBird } from './early-bird.ts'
import { firstAnswered } from './first-answered.ts'
import { firstAppointment } from './first-appointment.ts'
import { hundredAnswered } from './hundred-answered.ts'
import { tenAppointmentsDay } from './ten-appointments-day.ts'

export const BADGES: readonly BadgeRule[] = [
  firstAnswered,
  firstAppointment,
  earlyBird,
  hundredAnswered,
  tenAppointmentsDay,
  cleanWeek,
]
