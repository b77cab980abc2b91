// `/activity/gamification` (issue #14): one's progress, a chosen agent's or a team's. Imported by
// its lazy screen only.
import type { RouteId } from '../../contracts/routes.ts'
import { personName } from '../../contracts/person-name.ts'
import { teamBareName, teamTitle } from './team-name.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  activityGamification: 'Gamification',
} as const satisfies Partial<Record<RouteId, string>>

export const gamification = {
  loading: 'Chargement de la progression…',
  failed: 'La progression n’a pas pu être chargée.',
  choose: {
    legend: 'Consulter la progression de',
    agent: 'Agent',
    team: 'Équipe',
    none: '—',
    prompt: 'Choisissez un agent ou une équipe pour voir sa progression.',
    agentOption: (firstName: string, lastName: string) => personName({ firstName, lastName }),
  },
  agent: {
    heading: (name: string) => `Progression de ${name}`,
    mine: 'Ma progression',
    someone: 'Progression de l’agent',
    experience: 'Expérience',
    points: (points: string) => `${points} XP`,
    level: (level: number) => `Niveau ${level}`,
    progressLabel: (level: number) => `Progression vers le niveau ${level}`,
    progress: (done: string, needed: string, level: number) =>
      `${done} / ${needed} XP vers le niveau ${level}`,
  },
  badges: {
    heading: 'Badges',
    summary: (earned: number, total: number) => `${earned} sur ${total} obtenus`,
    earned: 'Obtenus',
    locked: 'À débloquer',
    earnedOn: (date: string) => `Obtenu le ${date}`,
    noneEarned: 'Aucun badge obtenu pour le moment.',
    allEarned: 'Tous les badges sont obtenus.',
    lockedLabel: 'Verrouillé',
  },
  tentacalls: {
    heading: 'Tentacalls',
    caption: 'Séries en cours, records et paliers',
    name: 'Tentacall',
    current: 'En cours',
    record: 'Record',
    nextMilestone: 'Prochain palier',
    awarded: 'Obtenue',
    awardedTimes: (n: number) => (n === 0 ? 'jamais' : n === 1 ? '1 fois' : `${n} fois`),
    milestones: (list: string) => `Paliers : ${list}`,
  },
  team: {
    heading: teamTitle,
    caption: (name: string) => `Progression des membres de l’équipe ${teamBareName(name)}, par expérience`,
    empty: 'Cette équipe n’a aucun membre.',
    agent: 'Agent',
    level: 'Niveau',
    experience: 'XP',
    badges: 'Badges',
    badgeCount: (n: number, total: number) => `${n} / ${total}`,
    tentacalls: 'Tentacalls en cours',
    tentacall: (name: string, current: number) => `${name} : ${current}`,
    openAgent: (firstName: string, lastName: string) => personName({ firstName, lastName }),
  },
} as const
