// /dev/call-center-activity and /dev/uat-settings (issue #15 "Developer pages"): the words of the
// simulated floor and of the UAT tools.
import type { FloorActivity, FloorCounters } from '../../contracts/dev-floor.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  devCallCenterActivity: 'Activité simulée du centre d’appels',
  devUatSettings: 'Paramètres UAT',
} as const satisfies Partial<Record<RouteId, string>>

export const floorScreen = {
  intro:
    'Des téléopérateurs virtuels prennent des leads, appellent via le simulateur, taggent selon le process d’appel et prennent des RDV, avec les mêmes règles que les vrais utilisateurs. Hors production uniquement.',
  loading: 'Lecture de l’état de la simulation…',
  loadFailed: 'L’état de la simulation n’a pas pu être lu. Nouvel essai dans quelques secondes.',
  setup: 'Lancer une simulation',
  agentsLegend: 'Téléopérateurs virtuels',
  selectAll: 'Tout sélectionner',
  selectNone: 'Tout désélectionner',
  noCandidate: 'Aucun téléopérateur actif relié à la téléphonie.',
  speed: 'Vitesse',
  speedValue: (speed: number) => `×${speed}`,
  start: 'Démarrer',
  stop: 'Arrêter',
  chosen: (n: number) => (n <= 1 ? `${n} téléopérateur choisi` : `${n} téléopérateurs choisis`),
  running: (speed: number, owner: string) => `Simulation en cours à ×${speed} (processus ${owner}).`,
  stopped: 'Aucune simulation en cours.',
  countersTitle: 'Compteurs',
  agentsTitle: 'Activité des téléopérateurs virtuels',
  columns: { agent: 'Téléopérateur', activity: 'Activité', lead: 'Lead', calls: 'Appels' },
  noLead: '—',
  counters: {
    calls: 'Appels',
    answered: 'Décrochés',
    voicemail: 'Répondeurs',
    noAnswer: 'Sans réponse',
    inbound: 'Appels entrants',
    tags: 'Tags',
    appointments: 'RDV',
    errors: 'Erreurs',
  } satisfies Record<keyof FloorCounters, string>,
  activities: {
    idle: 'Disponible',
    reading: 'Lit la fiche du lead',
    dialling: 'Appelle',
    talking: 'En conversation',
    voicemail: 'Sur le répondeur',
    tagging: 'Tague l’appel',
    booking: 'Prend un RDV',
    inbound: 'Reçoit un appel',
    waiting: 'En attente',
    stopped: 'Arrêté',
  } satisfies Record<FloorActivity, string>,
}

export const uatScreen = {
  intro: 'Outils de l’environnement de recette : réinitialisation des données et réglages du simulateur.',
  loading: 'Lecture des paramètres…',
  loadFailed: 'Les paramètres n’ont pas pu être lus.',
  environmentTitle: 'Environnement',
  environment: {
    appEnv: 'Environnement (APP_ENV)',
    version: 'Version',
    build: 'Build',
    databaseKind: 'Base de données',
    telephonyProvider: 'Téléphonie',
  },
  databaseKinds: { pglite: 'PGlite (intégrée)', postgres: 'PostgreSQL' },
  simulatorTitle: 'Simulateur de téléphonie',
  simulatorIntro:
    'Délai avant décroché des appels simulés, et répartition des issues des appels du plateau simulé.',
  answerDelay: 'Délai avant décroché (ms)',
  answered: 'Décrochés (%)',
  voicemail: 'Répondeurs (%)',
  noAnswer: 'Sans réponse (%)',
  sum: (n: number) => `Total : ${n} %`,
  save: 'Enregistrer',
  saved: 'Réglages du simulateur enregistrés.',
  saveFailed: 'Les réglages n’ont pas pu être enregistrés.',
  resetTitle: 'Données de démonstration',
  resetIntro:
    'Remet les appels et les leads dans leur état de démonstration. Les utilisateurs, missions, marchés, process d’appel et tags sont conservés.',
  reset: 'Réinitialiser appels et leads',
  floorRunning: 'Arrêtez d’abord la simulation du plateau.',
  adminOnly: 'Réservé aux administrateurs : la réinitialisation efface les appels et les leads de tous.',
  confirmTitle: 'Réinitialiser les appels et les leads ?',
  confirmMessage:
    'Tous les appels, tags, RDV et leads actuels seront remplacés par les données de démonstration. Cette action est irréversible.',
  confirm: 'Réinitialiser',
  cancel: 'Annuler',
  done: (leads: number) => `Données réinitialisées : ${leads} leads de démonstration.`,
}
