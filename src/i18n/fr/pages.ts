// French page titles and the generic pages (home, not found, forbidden, error).

export const pages = {
  placeholder: 'Cet écran arrive dans une prochaine version.',
  home: {
    title: 'Accueil',
    greeting: (firstName: string) => `Bonjour ${firstName} !`,
    role: (roleLabel: string) => `Votre rôle : ${roleLabel}.`,
  },
  users: 'Utilisateurs',
  integrate: 'Intégration de leads',
  integrationHistory: 'Historique des intégrations',
  lead: 'Fiche lead',
  leadAppointment: 'Prise de rendez-vous',
  activity: {
    overview: 'Activité',
    statsTeleops: 'Statistiques des téléopérateurs',
    teleopsTimeline: 'Chronologie des téléopérateurs',
    gamification: 'Gamification',
    leaderboard: 'Classement',
    leadsFollowUp: 'Suivi des leads',
  },
  backoffice: {
    configuration: 'Configuration',
    missions: 'Missions',
    markets: 'Marchés',
    tags: 'Tags',
    sms: 'SMS',
    callProcesses: 'Process d’appel',
    callProcess: 'Process d’appel',
    mails: 'Mails',
    crons: 'Crons',
    teams: 'Équipes',
    aircallWebhooksStatus: 'Statut des webhooks Aircall',
  },
  affectations: {
    missions: 'Affectation des missions',
    mission: 'Utilisateurs de la mission',
    teams: 'Affectation des équipes',
  },
  extractions: 'Extractions de leads',
  dev: {
    callCenterActivity: 'Activité simulée du centre d’appels',
    monitor: 'Supervision',
    uatSettings: 'Paramètres UAT',
  },
  notFound: {
    title: 'Page introuvable',
    message: 'La page demandée n’existe pas ou a été déplacée.',
    backHome: 'Retour à l’accueil',
  },
  forbidden: {
    title: 'Accès refusé',
    message: 'Vous n’avez pas les droits nécessaires pour afficher cette page.',
    backHome: 'Retour à l’accueil',
  },
  error: {
    title: 'Une erreur est survenue',
    message: 'La page n’a pas pu s’afficher. Rechargez-la ; si le problème persiste, contactez l’assistance.',
    reload: 'Recharger la page',
  },
} as const
