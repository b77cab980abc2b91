import type { BadgeRule } from '../types.ts'

export const HUNDRED_ANSWERED = 100

export const hundredAnswered: BadgeRule = {
  id: 'cent-decroches',
  name: 'Centurion',
  description: `Avoir ${HUNDRED_ANSWERED} appels décrochés.`,
  icon: 'phone-call',
  on: ['call-answered'],
  earned: (facts) => facts.totals.answered >= HUNDRED_ANSWERED,
}
