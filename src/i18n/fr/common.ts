// French strings of the entry chunk, shared by every screen: app name, errors, generic UI. Strings only
// signed-in screens show live in modules of their own (roles.ts, blocking.ts, layout.ts): a module is
// bundled whole where it is first needed, so these stay off the first visit of /login.

export const app = {
  name: 'Centre d’appels',
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
