// French titles of the screens that later issues build (src/app/placeholder-page.tsx), keyed by route
// id. Imported by their route modules only, so the entry chunk does not carry them.
import type { RouteId } from '../../contracts/routes.ts'

export const screenTitles = {
  users: 'Utilisateurs',
  integrationIntegrate: 'Intégration de leads',
  integrationHistory: 'Historique des intégrations',
  activityOverview: 'Activité',
  activityStatsTeleops: 'Statistiques des téléopérateurs',
  activityTeleopsTimeline: 'Chronologie des téléopérateurs',
  activityGamification: 'Gamification',
  activityLeadsFollowUp: 'Suivi des leads',
  activityLeaderboard: 'Classement',
  backofficeConfiguration: 'Configuration',
  backofficeMissions: 'Missions',
  backofficeMarkets: 'Marchés',
  backofficeTags: 'Tags',
  backofficeSms: 'SMS',
  backofficeCallProcesses: 'Process d’appel',
  backofficeCallProcess: 'Process d’appel',
  backofficeMails: 'Mails',
  backofficeCrons: 'Crons',
  backofficeTeams: 'Équipes',
  backofficeAircallWebhooksStatus: 'Statut des webhooks Aircall',
  affectationsMissions: 'Affectation des missions',
  affectationsMission: 'Utilisateurs de la mission',
  affectationsTeams: 'Affectation des équipes',
  extractions: 'Extractions de leads',
  devCallCenterActivity: 'Activité simulée du centre d’appels',
  devMonitor: 'Supervision',
  devUatSettings: 'Paramètres UAT',
} as const satisfies Partial<Record<RouteId, string>>
