import type { BadgeRule } from '../types.ts'

export const firstAppointment: BadgeRule = {
  id: 'premier-rdv',
  name: 'Premier rendez-vous',
  description: 'Fixer son premier rendez-vous.',
  icon: 'calendar-check',
  on: ['appointment'],
  earned: (facts) => facts.totals.appointments >= 1,
}
