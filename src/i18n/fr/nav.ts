// French strings of the main navigation (entries and sections).

export const nav = {
  label: 'Navigation principale',
  home: 'Accueil',
  leaderboard: 'Classement',
  sections: {
    activity: 'Activité',
    backoffice: 'Back-office',
    users: 'Utilisateurs',
    affectations: 'Affectations',
    integration: 'Intégration',
    extractions: 'Extractions',
  },
  activity: {
    overview: 'Vue d’ensemble',
    statsTeleops: 'Statistiques des téléopérateurs',
    teleopsTimeline: 'Chronologie des téléopérateurs',
    gamification: 'Gamification',
    leadsFollowUp: 'Suivi des leads',
  },
  backoffice: {
    configuration: 'Configuration',
    missions: 'Missions',
    markets: 'Marchés',
    tags: 'Tags',
    sms: 'SMS',
    callProcesses: 'Process d’appel',
    mails: 'Mails',
    crons: 'Crons',
    teams: 'Équipes',
    aircallWebhooksStatus: 'Statut des webhooks Aircall',
  },
  affectations: {
    missions: 'Missions',
    teams: 'Équipes',
  },
  integration: {
    integrate: 'Intégrer des leads',
    history: 'Historique',
  },
  extractions: 'Extractions de leads',
  dev: {
    callCenterActivity: 'Activité simulée',
    monitor: 'Supervision',
    uatSettings: 'Paramètres UAT',
  },
} as const
