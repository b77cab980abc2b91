import { badgeNames } from '../../../../src/contracts/award-names.ts'
import type { BadgeRule } from '../types.ts'

export const firstAppointment: BadgeRule = {
  id: 'premier-rdv',
  name: badgeNames['premier-rdv'],
  description: 'Fixer son premier rendez-vous.',
  icon: 'calendar-check',
  on: ['appointment'],
  earned: (facts) => facts.totals.appointments >= 1,
}
