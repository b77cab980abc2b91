import { badgeNames } from '../../../../src/contracts/award-names.ts'
import type { BadgeRule } from '../types.ts'

export const HUNDRED_ANSWERED = 100

export const hundredAnswered: BadgeRule = {
  id: 'cent-decroches',
  name: badgeNames['cent-decroches'],
  description: `Avoir ${HUNDRED_ANSWERED} appels décrochés.`,
  icon: 'phone-call',
  on: ['call-answered'],
  earned: (facts) => facts.totals.answered >= HUNDRED_ANSWERED,
}
