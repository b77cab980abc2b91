import type { BadgeRule } from '../types.ts'

export const firstAnswered: BadgeRule = {
  id: 'premier-appel',
  name: 'Premier contact',
  description: 'Avoir un premier appel décroché.',
  icon: 'phone',
  on: ['call-answered'],
  earned: (facts) => facts.totals.answered >= 1,
}
