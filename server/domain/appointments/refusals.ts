// The French reasons a slot is refused (issue #4; docs/domain.md "Appointments" "Validation"),
// naming the grid in force (issue #12: the grid is a setting).
import type { AppointmentGrid, SlotRefusal } from './slots.ts'

const DAY_NAMES = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']

function clock(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`
}

/** "2 heures", "90 minutes". */
function duration(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`
  return minutes === 60 ? '1 heure' : `${minutes / 60} heures`
}

/** "les 3 prochaines semaines", "les 10 prochains jours". */
function bookingWindow(days: number): string {
  if (days % 7 === 0) return days === 7 ? 'la semaine à venir' : `les ${days / 7} prochaines semaines`
  return days === 1 ? 'la journée' : `les ${days} prochains jours`
}

/** The refusals in French, naming the grid in force (issue #12: it is a setting now). */
export function refusalMessage(refusal: SlotRefusal, rules: AppointmentGrid): string {
  switch (refusal) {
    case 'past':
      return 'Ce créneau est déjà passé : choisissez-en un autre.'
    case 'not-a-slot': {
      const days = [...rules.days]
        .sort()
        .map((day) => DAY_NAMES[day - 1])
        .join(', ')
      const periods = rules.periods.map(([start, end]) => `${clock(start)} – ${clock(end)}`).join(' et ')
      const holidays = rules.holidays ? '' : ', hors jours fériés'
      return `Ce créneau ne fait pas partie des horaires de rendez-vous (${days}, ${periods}, heure de Paris${holidays}).`
    }
    case 'too-soon':
      return `Ce créneau commence dans moins de ${duration(rules.minimumNoticeMinutes)} : choisissez-en un plus tard.`
    case 'too-late':
      return `Ce créneau est trop lointain : les rendez-vous se prennent sur ${bookingWindow(rules.windowDays)}.`
  }
}
