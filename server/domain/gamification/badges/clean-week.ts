import { badgeNames } from '../../../../src/contracts/award-names.ts'
import type { BadgeRule } from '../types.ts'

/**
 * A full week without an untagged call: in the Paris week (Monday–Sunday) before the one of an
 * outcome, the agent called on every working day, and every ended call concerning a lead has its
 * outcome. Checked at the agent's first outcome of each day (the week's calls are read then only).
 */
export const cleanWeek: BadgeRule = {
  id: 'semaine-impeccable',
  name: badgeNames['semaine-impeccable'],
  description: 'Appeler chaque jour ouvré d’une semaine sans laisser aucun appel sans tag.',
  icon: 'check-circle',
  on: ['tag'],
  needsPreviousWeek: (facts) => facts.today.tags === 1,
  earned: ({ previousWeek: week }) =>
    week !== null &&
    week.workingDays > 0 &&
    week.activeWorkingDays === week.workingDays &&
    week.untaggedCalls === 0,
}
