// French strings of the assignments screens (issue #12 "Assignments"): /affectations/missions,
// /affectations/mission/{missionId} and /affectations/teams.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  affectationsMissions: 'Affectations aux missions',
  affectationsMission: 'Utilisateurs de la mission',
  affectationsTeams: 'Affectations aux équipes',
} as const satisfies Partial<Record<RouteId, string>>

const fullCount = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`

export const assignmentGrid = {
  search: 'Rechercher un utilisateur',
  team: 'Équipe',
  allTeams: 'Toutes les équipes',
  role: 'Rôle',
  allRoles: 'Tous les rôles',
  user: 'Utilisateur',
  loading: 'Chargement…',
  loadFailed: 'Impossible de charger les affectations.',
  /** Issue #31: each cell confirms its own change. */
  cellSaving: 'Enregistrement…',
  cellSaved: 'Enregistré',
  saveFailed: 'Le changement n’a pas pu être enregistré.',
  noUsers: 'Aucun utilisateur ne correspond : modifiez la recherche ou les filtres.',
  keyboardHint:
    'Flèches pour passer d’une case à l’autre, Espace pour cocher ou décocher. Chaque changement est enregistré aussitôt.',
  total: (count: number) => fullCount(count, 'utilisateur', 'utilisateurs'),
  pages: 'Pages des utilisateurs',
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  inactive: 'inactif',
} as const

export const missionsGrid = {
  intro:
    'Cochez une case pour affecter un utilisateur à une mission, décochez-la pour le retirer. L’affectation compte dès le prochain lead demandé.',
  tableLabel: 'Utilisateurs et missions',
  noMissions:
    'Aucune mission active : créez une mission dans le back office, puis revenez ici pour y affecter des utilisateurs.',
  noOpenedMissions:
    'Aucune mission n’est ouverte aux équipes que vous gérez : un administrateur peut en ouvrir une depuis la page de la mission.',
  cell: (user: string, mission: string) => `Affecter ${user} à ${mission}`,
  openMission: (mission: string) => `Ouvrir la mission ${mission}`,
  saved: (user: string, mission: string, assigned: boolean) =>
    assigned ? `${user} est affecté(e) à ${mission}.` : `${user} est retiré(e) de ${mission}.`,
  teamsLink: 'Affectations aux équipes',
} as const

export const teamsGrid = {
  intro: 'Cochez une case pour ajouter un utilisateur à une équipe, décochez-la pour l’en retirer.',
  tableLabel: 'Utilisateurs et équipes',
  noTeams: 'Aucune équipe active : créez une équipe dans le back office (Équipes), puis revenez ici.',
  cell: (user: string, team: string) => `Ajouter ${user} à l’équipe ${team}`,
  missionsLink: 'Affectations aux missions',
} as const

export const missionAssignments = {
  title: (mission: string) => `Utilisateurs de la mission ${mission}`,
  back: 'Toutes les affectations',
  notFound: 'Cette mission n’existe pas ou plus.',
  archived: 'Cette mission est archivée : on peut en retirer des utilisateurs, pas en ajouter.',
  assignedTitle: 'Utilisateurs affectés',
  search: 'Rechercher parmi les affectés',
  empty: 'Personne n’est affecté à cette mission : ajoutez des utilisateurs ou une équipe ci-dessus.',
  emptySearch: 'Aucun utilisateur affecté ne correspond à cette recherche.',
  total: (count: number) => fullCount(count, 'utilisateur affecté', 'utilisateurs affectés'),
  remove: (user: string) => `Retirer ${user}`,
  removeTitle: 'Retirer de la mission ?',
  removeText: (user: string, mission: string) =>
    `${user} ne recevra plus de leads de la mission ${mission}. Un lead en cours lui reste jusqu’à ce qu’il soit taggé.`,
  removeConfirm: 'Retirer',
  cancel: 'Annuler',
  removed: (user: string) => `${user} est retiré(e) de la mission.`,
  addUsersTitle: 'Ajouter des utilisateurs',
  addSearch: 'Rechercher un utilisateur à ajouter',
  addHint: 'Tapez un nom ou une adresse e-mail.',
  addNone: 'Aucun utilisateur à ajouter ne correspond.',
  add: (user: string) => `Ajouter ${user}`,
  addSelected: (count: number) => `Ajouter la sélection (${count})`,
  select: (user: string) => `Sélectionner ${user}`,
  added: (count: number) =>
    count === 0
      ? 'Ces utilisateurs étaient déjà affectés.'
      : `${fullCount(count, 'utilisateur ajouté', 'utilisateurs ajoutés')}.`,
  addMore: (count: number) =>
    `${fullCount(count, 'autre résultat', 'autres résultats')} : précisez la recherche.`,
  addTeamTitle: 'Ajouter une équipe',
  addTeamHint:
    'Ajoute les téléopérateurs et managers actifs de l’équipe, tels qu’ils sont aujourd’hui. Ajoutée par un administrateur, l’équipe a aussi accès à la mission.',
  team: 'Équipe',
  chooseTeam: 'Choisissez une équipe',
  noTeam: 'Choisissez une équipe.',
  addTeam: 'Ajouter l’équipe',
  noTeams: 'Aucune équipe à ajouter.',
} as const

/** Issue #26: the teams a mission is opened to (administrators, on the mission's page). */
export const missionTeamAccess = {
  title: 'Équipes ayant accès',
  hint: 'Les managers d’une équipe cochée voient les leads de la mission et y affectent les membres de leur équipe. Décocher leur retire cet accès aussitôt ; les utilisateurs déjà affectés le restent.',
  loadFailed: 'Impossible de charger les équipes.',
  noTeams: 'Aucune équipe active : créez une équipe dans le back office (Équipes).',
  archivedTeam: (team: string) => `${team} (archivée)`,
  saved: (team: string, open: boolean) =>
    open ? `La mission est ouverte à l’équipe ${team}.` : `La mission est fermée à l’équipe ${team}.`,
} as const
