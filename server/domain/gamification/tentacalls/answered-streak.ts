import { tentacallNames } from '../../../../src/contracts/award-names.ts'
import { grown, type TentacallRule } from '../types.ts'

/** Awarded at 5, 10 and 25 answered calls in a row, then every 25. */
export function answeredMilestone(count: number): boolean {
  return count === 5 || count === 10 || (count >= 25 && count % 25 === 0)
}

/** Consecutive answered calls: an answered call grows it, a call of the agent's that nobody answered ends it. */
export const answeredStreak: TentacallRule = {
  id: 'decroches-consecutifs',
  name: tentacallNames['decroches-consecutifs'],
  description: 'Appels décrochés d’affilée, sans appel manqué entre eux.',
  icon: 'phone-forwarded',
  on: ['call-answered', 'call-missed'],
  advance: (state, event) => {
    if (event.kind === 'call-answered') return grown(state, null)
    if (event.kind === 'call-missed' && state.current > 0) return grown(state, null, 0)
    return null
  },
  milestone: answeredMilestone,
  currentAt: (state) => state.current,
}
