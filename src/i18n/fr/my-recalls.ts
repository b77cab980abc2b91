// "Mes rappels" (issue #29 point 5) and the late flag of a recall (the list and the lead sheet).
import type { RecallTiming } from '../../contracts/my-recalls.ts'

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** The screen's title (src/i18n/fr/screen-titles.ts). */
export const screenTitles = { myRecalls: 'Mes rappels' } as const

export const myRecalls = {
  loading: 'Chargement de vos rappels…',
  failed: 'Vos rappels n’ont pas pu être chargés.',
  empty: 'Aucun rappel à venir.',
  listLabel: (section: string) => `Rappels : ${section}`,
  sections: { due: 'À rappeler maintenant', today: 'Plus tard aujourd’hui', later: 'Prochains jours' },
  /** Issue #29: the hand-out serves due recalls before new leads (docs/domain.md "Which lead"). */
  handOutFirst:
    'Les rappels arrivés à échéance passent avant les nouveaux leads : « Traiter un lead » vous donne d’abord le plus ancien.',
  noDate: 'Dès que possible',
  held: 'Vous le traitez',
  status: { RECALL: 'À rappeler', UNREACHABLE: 'Injoignable' },
  late: (timing: Extract<RecallTiming, { kind: 'late' }>) => {
    if (timing.days > 0) return `En retard de ${plural(timing.days, 'jour', 'jours')}`
    if (timing.hours > 0)
      return `En retard de ${timing.hours} h${timing.minutes > 0 ? ` ${timing.minutes} min` : ''}`
    return `En retard de ${timing.minutes} min`
  },
  openLabel: (name: string) => `Ouvrir la fiche de ${name}`,
} as const
