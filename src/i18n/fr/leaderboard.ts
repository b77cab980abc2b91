// French strings of the live leaderboard and the wall screen's display link (issue #14). Imported by
// the leaderboard feature and the display links back office only.
import type { LeaderboardPeriod } from '../../contracts/leaderboard.ts'
import type { RouteId } from '../../contracts/routes.ts'
import { teamTitle } from './team-name.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  activityLeaderboard: 'Classement',
  display: 'Classement',
} as const satisfies Partial<Record<RouteId, string>>

export const leaderboard = {
  periods: {
    today: 'Aujourd’hui',
    week: 'Cette semaine',
    month: 'Ce mois-ci',
  } satisfies Record<LeaderboardPeriod, string>,
  allTeams: 'Toutes les équipes',
  team: teamTitle,
  days: (from: string, to: string) => (from === to ? from : `du ${from} au ${to}`),
  listLabel: (view: string) => `Classement : ${view}`,
  columns: { rank: 'Rang', agent: 'Agent', level: 'Niveau', experience: 'XP', appointments: 'RDV' },
  level: (level: number) => `Niv. ${level}`,
  experience: (points: number) => `${points.toLocaleString('fr-FR')} XP`,
  appointments: (count: number) => `${count} RDV`,
  rank: (rank: number) => (rank === 1 ? '1er' : `${rank}e`),
  newBadge: 'Nouveau badge',
  badgesToday: 'Badges du jour',
  more: (count: number) => (count === 1 ? '+ 1 autre agent' : `+ ${count} autres agents`),
  empty: 'Aucun agent à classer pour l’instant.',
  loading: 'Chargement du classement…',
  failed: 'Le classement n’a pas pu être chargé. Nouvel essai en cours…',
  view: (index: number, count: number) => `Vue ${index} sur ${count}`,
  live: {
    reconnecting: 'Connexion temps réel perdue : reconnexion…',
    failed: 'Connexion temps réel interrompue : nouvel essai automatique.',
  },
} as const

export const displayScreen = {
  opening: 'Ouverture de l’écran de classement…',
  invalidTitle: 'Lien d’affichage invalide',
  revokedTitle: 'Lien d’affichage révoqué',
  revoked:
    'Ce lien d’affichage a été révoqué. Demandez un nouveau lien à votre manager ou à un administrateur.',
  unreachable: 'Le serveur ne répond pas. Nouvel essai automatique…',
} as const
