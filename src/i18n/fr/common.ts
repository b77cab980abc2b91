// French strings shared by every screen: app name, roles, errors, generic UI, overlays, layout.

export const app = {
  name: 'Centre d’appels',
} as const

export const roles = {
  ADMIN: 'Administrateur',
  MANAGER: 'Manager',
  TELEOPERATOR: 'Téléopérateur',
} as const

export const userStatuses = {
  ACTIVE: 'Actif',
  INACTIVE: 'Inactif',
} as const

export const errors = {
  /** Spec §8: HTTP 500 notification. */
  server: "Une erreur est survenue. Si le problème persiste, veuillez contacter l'assistance.",
  network: 'Le serveur est injoignable. Vérifiez votre connexion.',
} as const

export const ui = {
  close: 'Fermer',
  loading: 'Chargement…',
} as const

export const notifications = {
  close: 'Fermer la notification',
} as const

export const overlay = {
  /** Spec §2: blocking-reason overlay, one title and message per redirect cause. */
  blocking: {
    continue: 'Continuer',
    causes: {
      UNFINISHED_PROCESSING_LEAD: {
        title: 'Lead en cours de traitement',
        message:
          'Vous avez un lead en cours de traitement. Veuillez terminer son traitement avant de continuer.',
      },
      UNTAGGED_CALL: {
        title: 'Appel non taggé',
        message: 'Votre dernier appel n’a pas été taggé. Veuillez tagger le lead avant de continuer.',
      },
      ONGOING_CALL: {
        title: 'Appel en cours',
        message: 'Vous avez un appel en cours. Veuillez terminer le traitement du lead avant de continuer.',
      },
    },
  },
} as const

export const layout = {
  skipToContent: 'Aller au contenu',
  userArea: 'Compte',
  exitFullscreen: 'Quitter le plein écran',
} as const
