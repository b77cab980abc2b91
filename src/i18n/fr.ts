// Every French string the UI shows (conventions §3.5). Grouped by area; keys are English.
export const fr = {
  app: {
    name: 'Centre d’appels',
  },
  roles: {
    ADMIN: 'Administrateur',
    MANAGER: 'Manager',
    TELEOPERATOR: 'Téléopérateur',
  },
  userStatuses: {
    ACTIVE: 'Actif',
    INACTIVE: 'Inactif',
  },
  errors: {
    /** Spec §8: HTTP 500 notification. */
    server: 'Une erreur est survenue. Si le problème persiste, veuillez contacter l’assistance.',
    network: 'Le serveur est injoignable. Vérifiez votre connexion.',
  },
} as const
