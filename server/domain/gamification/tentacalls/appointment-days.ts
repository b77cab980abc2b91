import { previousWorkingDay } from '../../../../src/contracts/paris-calendar.ts'
import { tentacallNames } from '../../../../src/contracts/award-names.ts'
import { grown, type TentacallRule } from '../types.ts'

/** Awarded at 3, 5 and 10 working days in a row, then every 10. */
export function appointmentDaysMilestone(count: number): boolean {
  return count === 3 || count === 5 || (count >= 10 && count % 10 === 0)
}

/**
 * Consecutive working days (Paris; weekends and public holidays do not break it) with at least one
 * appointment booked. The series key is the last day counted.
 */
export const appointmentDays: TentacallRule = {
  id: 'jours-rdv',
  name: tentacallNames['jours-rdv'],
  description: 'Jours ouvrés d’affilée avec au moins un rendez-vous fixé.',
  icon: 'calendar-range',
  on: ['appointment'],
  advance: (state, _event, day) => {
    if (state.seriesKey === day) return null
    const continues = state.seriesKey !== null && state.seriesKey === previousWorkingDay(day)
    return grown(state, day, continues ? state.current + 1 : 1)
  },
  milestone: appointmentDaysMilestone,
  currentAt: (state, day) =>
    state.seriesKey === day || (state.seriesKey !== null && state.seriesKey === previousWorkingDay(day))
      ? state.current
      : 0,
}
