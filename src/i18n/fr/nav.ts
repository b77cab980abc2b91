// French names of the routes (src/contracts/routes.ts) and of the main navigation's sections: the
// navigation and the developer tools link with them. Keyed by route id, so a new route without a
// name fails the typecheck.
import type { NavSectionId, RouteId } from '../../contracts/routes.ts'

export const nav = {
  label: 'Navigation principale',
  /** The button that opens the navigation drawer on tablets (issue #11); aria-expanded says its state. */
  toggle: 'Menu',
  /** null: links shown at the top level, without a heading. */
  sections: {
    main: null,
    activity: 'Activité',
    backoffice: 'Back-office',
    users: 'Utilisateurs',
    affectations: 'Affectations',
    integration: 'Intégration',
    extractions: 'Extractions',
  } satisfies Record<NavSectionId, string | null>,
  routes: {
    login: 'Connexion',
    forgotPassword: 'Mot de passe oublié',
    resetPassword: 'Nouveau mot de passe',
    notFound: 'Page introuvable',
    home: 'Accueil',
    myRecalls: 'Mes rappels',
    lead: 'Fiche lead',
    leadAppointment: 'Prise de rendez-vous',
    users: 'Utilisateurs',
    integrationIntegrate: 'Intégrer des leads',
    integrationHistory: 'Historique',
    activityOverview: 'Vue d’ensemble',
    activityStatsTeleops: 'Statistiques des téléopérateurs',
    activityTeleopsTimeline: 'Chronologie des téléopérateurs',
    activityGamification: 'Gamification',
    activityLeadsFollowUp: 'Suivi des leads',
    activityLeaderboard: 'Classement',
    display: 'Écran de classement',
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
    backofficeDisplayLinks: 'Liens d’affichage',
    backofficeAircallWebhooksStatus: 'Statut des webhooks Aircall',
    affectationsMissions: 'Missions',
    affectationsMission: 'Utilisateurs de la mission',
    affectationsTeams: 'Équipes',
    extractions: 'Extractions de leads',
    devCallCenterActivity: 'Activité simulée',
    devMonitor: 'Supervision',
    devUatSettings: 'Paramètres UAT',
  } satisfies Record<RouteId, string>,
} as const
