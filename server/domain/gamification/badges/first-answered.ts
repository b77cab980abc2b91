import { badgeNames } from '../../../../src/contracts/award-names.ts'
import type { BadgeRule } from '../types.ts'

export const firstAnswered: BadgeRule = {
  id: 'premier-appel',
  name: badgeNames['premier-appel'],
  description: 'Avoir un premier appel décroché.',
  icon: 'phone',
  on: ['call-answered'],
  earned: (facts) => facts.totals.answered >= 1,
}
