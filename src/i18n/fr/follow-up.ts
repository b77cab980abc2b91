// French strings of the lead follow-up (issue #14, /activity/leads-follow-up). Imported by its feature
// only (a lazy route).
import type { FollowUpAlert } from '../../contracts/follow-up.ts'
import type { LeadStatus, LeadSubstatus } from '../../contracts/lead-statuses.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  activityLeadsFollowUp: 'Suivi des leads',
} as const satisfies Partial<Record<RouteId, string>>

export const followUpScreen = {
  filtersLabel: 'Mission et marché',
  mission: 'Mission',
  market: 'Marché',
  allMarkets: 'Tous les marchés',
  noMission: 'Aucune mission à suivre : vos équipes ne sont affectées à aucune mission.',
  loading: 'Chargement du suivi…',
  loadFailed: 'Le suivi n’a pas pu être chargé.',
  alertsTitle: 'À traiter',
  pipelineTitle: 'Pipeline par marché',
  pipelineCaption: (mission: string) => `Leads de la mission ${mission} par marché et par statut`,
  marketColumn: 'Marché',
  totalColumn: 'Total',
  totalRow: 'Tous les marchés',
  bySubstatus: 'Par sous-statut',
  byStep: 'Par étape (leads ouverts)',
  noSubstatus: 'Aucun lead avec un sous-statut.',
  noStep: 'Aucun lead ouvert.',
  step: (step: number) => `Étape ${step}`,
  countLabel: (what: string, count: number) => `${what} : ${count} lead${count > 1 ? 's' : ''}`,
  cellLabel: (market: string, status: string, count: number) =>
    `${market}, ${status} : ${count} lead${count > 1 ? 's' : ''}`,
} as const

export const alertLabels = {
  'recall-due': 'Rappels dus',
  'recall-overdue': 'dont en retard (prévus avant aujourd’hui)',
  'forced-appointment': 'RDV à forcer',
  'held-long': (minutes: number) => `Pris depuis plus de ${minutes / 60} h`,
  'expiring-soon': (days: number) => `Expirent sous ${days} jours`,
  expired: 'Expirés (encore ouverts)',
} as const satisfies Record<FollowUpAlert, string | ((value: number) => string)>

export const followUpStatuses: Record<LeadStatus, string> = {
  NEW: 'Nouveau',
  IN_PROGRESS: 'En cours',
  RECALL: 'À rappeler',
  APPOINTMENT: 'Rendez-vous',
  NOT_INTERESTED: 'Pas intéressé',
  UNREACHABLE: 'Injoignable',
  WRONG_NUMBER: 'Faux numéro',
}

export const followUpSubstatuses: Record<LeadSubstatus, string> = {
  WAITING_FOR_FORCED_RDV: 'En attente de RDV forcé',
  NO_ANSWER: 'Pas de réponse',
  CALLBACK_REQUESTED: 'Rappel demandé',
  ALREADY_EQUIPPED: 'Déjà équipé',
  TOO_EXPENSIVE: 'Trop cher',
}

export const followUpList = {
  all: 'Tous les leads',
  title: (what: string, where: string) => `${what} – ${where}`,
  total: (count: number) => `${count} lead${count > 1 ? 's' : ''}`,
  close: 'Fermer la liste',
  loading: 'Chargement des leads…',
  loadFailed: 'Les leads n’ont pas pu être chargés.',
  empty: 'Aucun lead.',
  tableLabel: 'Liste des leads',
  columns: {
    lead: 'Lead',
    market: 'Marché',
    status: 'Statut',
    step: 'Étape',
    situation: 'Situation',
    expires: 'Expire le',
    actions: 'Actions',
  },
  openLead: (name: string) => `Ouvrir la fiche de ${name}`,
  recallAt: (date: string) => `Rappel prévu le ${date}`,
  recallNow: 'Rappel sans date (dû)',
  heldBy: (name: string, since: string) => `Pris par ${name} depuis le ${since}`,
  free: 'Libre',
  expired: 'Expiré',
  book: 'Prendre le RDV',
  bookLabel: (name: string) => `Prendre le RDV de ${name}`,
  unassign: 'Libérer',
  unassignLabel: (name: string) => `Libérer le lead ${name}`,
  pagesLabel: 'Pages des leads',
  previous: 'Précédente',
  next: 'Suivante',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
} as const

export const unassignDialog = {
  title: (agent: string) => `Libérer les leads de ${agent} ?`,
  message:
    'Le lead retourne dans la file selon son statut et l’agent pourra en prendre un autre. Un appel en cours ou sans tag sur ce lead empêche de le libérer.',
  confirm: 'Libérer',
  cancel: 'Annuler',
  done: (agent: string) => `Leads de ${agent} libérés.`,
} as const
