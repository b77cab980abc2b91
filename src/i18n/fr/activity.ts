// French strings of the managers' activity screens (/activity and /activity/stats-teleops, issue #14).
// Imported by their feature only, so neither the entry chunk nor the agent screens carry them.
import type { AgentState } from '../../contracts/activity.ts'
import type { PeriodPreset } from '../../contracts/activity-periods.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  activityOverview: 'Activité',
  activityStatsTeleops: 'Statistiques des téléopérateurs',
} as const satisfies Partial<Record<RouteId, string>>

const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n <= 1 ? one : many}`

export const activityCommon = {
  team: 'Équipe',
  allTeams: 'Toutes les équipes',
  allMyTeams: 'Toutes mes équipes',
  loadFailed: 'L’activité n’a pas pu être chargée.',
  retry: 'Réessayer',
  loading: 'Chargement de l’activité…',
  figures: {
    calls: 'Appels',
    callsMade: 'Appels émis',
    callsReceived: 'Appels reçus',
    answeredRate: 'Taux de décroché',
    talkTime: 'Temps de conversation',
    averageTalk: 'Durée moyenne',
    appointments: 'RDV',
    leadsProcessed: 'Leads traités',
    conversion: 'Conversion',
    xp: 'XP',
  },
  /** A figure that cannot be computed (nothing to divide). */
  none: '—',
} as const

export const overviewScreen = {
  intro: 'Ce que font vos équipes en ce moment, mis à jour en direct.',
  introAdmin: 'Ce que fait le centre en ce moment, mis à jour en direct.',
  filtersLabel: 'Filtre de l’activité',
  agentsTitle: 'Agents en ce moment',
  agentsListLabel: 'Agents et ce qu’ils font',
  noAgents: 'Aucun agent dans cette sélection.',
  todayTitle: 'Aujourd’hui',
  queuesTitle: 'Files des missions',
  queuesLabel: 'Leads en attente par mission',
  noMissions: 'Aucune mission en cours pour ces agents.',
  working: (n: number, total: number) => `${n} en poste sur ${total}`,
  states: {
    call: 'En appel',
    sheet: 'Sur une fiche lead',
    idle: 'En pause',
    signedOut: 'Déconnecté',
  } satisfies Record<AgentState, string>,
  outbound: 'Appel sortant',
  inbound: 'Appel entrant',
  withLead: 'avec',
  unknownLead: 'numéro sans lead',
  talkingFor: (duration: string) => `en communication depuis ${duration}`,
  ringingFor: (duration: string) => `sonne depuis ${duration}`,
  since: (time: string) => `depuis ${time}`,
  lastSeen: (time: string) => `vu à ${time}`,
  openLead: (name: string) => `Ouvrir la fiche de ${name}`,
  agentToday: (calls: number, appointments: number) =>
    `${count(calls, 'appel', 'appels')} · ${count(appointments, 'RDV', 'RDV')} aujourd’hui`,
  queueColumns: {
    mission: 'Mission',
    toHandOut: 'À distribuer',
    recallsDue: 'Rappels dus',
    recallsOverdue: 'dont en retard',
    expiringSoon: 'Expirent sous 7 jours',
  },
} as const

export const statsScreen = {
  intro: 'Les chiffres de chaque agent sur une période, comparés à la période précédente.',
  filtersLabel: 'Période et filtres',
  period: 'Période',
  presets: {
    today: 'Aujourd’hui',
    yesterday: 'Hier',
    'this-week': 'Cette semaine',
    'last-week': 'Semaine dernière',
    'this-month': 'Ce mois-ci',
    custom: 'Personnalisée',
  } satisfies Record<PeriodPreset, string>,
  from: 'Du',
  to: 'Au',
  apply: 'Afficher',
  agent: 'Agent',
  allAgents: 'Tous les agents',
  periodLine: (from: string, to: string) => (from === to ? `Le ${from}` : `Du ${from} au ${to}`),
  previousLine: (from: string, to: string) =>
    from === to ? `Comparé au ${from}` : `Comparé à la période du ${from} au ${to}`,
  summaryLabel: 'Totaux de la période',
  tableTitle: 'Par agent',
  tableLabel: 'Statistiques par agent',
  noRows: 'Aucun agent dans cette sélection.',
  agentColumn: 'Agent',
  totalRow: 'Total',
  sortBy: (column: string) => `Trier par ${column}`,
  exportCsv: 'Exporter en CSV',
  columns: {
    title: (shown: number, all: number) => `Colonnes affichées (${shown} sur ${all})`,
    legend: 'Colonnes affichées',
  },
  csvFileName: (from: string, to: string) => `statistiques-teleoperateurs_${from}_${to}.csv`,
  csvPrevious: (column: string) => `${column} (période précédente)`,
  csvPercent: (column: string) => `${column} (%)`,
  delta: {
    up: (value: string) => `+${value}`,
    down: (value: string) => `−${value}`,
    same: '=',
    label: (previous: string) => `période précédente : ${previous}`,
  },
  chartsTitle: 'Graphiques',
  charts: {
    perDay: 'Appels par jour',
    perHour: 'Appels par heure',
    outcomes: 'Résultats par tag',
    agents: 'Comparaison des agents (appels)',
    made: 'Émis',
    received: 'Reçus',
    answered: 'Décrochés',
    appointments: 'RDV',
    current: 'Période',
    previous: 'Période précédente',
    hour: (hour: number) => `${hour} h`,
    empty: 'Rien à représenter sur cette période.',
    summary: (title: string, items: string) => `${title} : ${items}`,
  },
} as const
