import { badgeNames } from '../../../../src/contracts/award-names.ts'
import type { BadgeRule } from '../types.ts'

export const TEN_APPOINTMENTS = 10

export const tenAppointmentsDay: BadgeRule = {
  id: 'dix-rdv-jour',
  name: badgeNames['dix-rdv-jour'],
  description: `Fixer ${TEN_APPOINTMENTS} rendez-vous dans la même journée.`,
  icon: 'trophy',
  on: ['appointment'],
  earned: (facts) => facts.today.appointments >= TEN_APPOINTMENTS,
}
