// French strings of the PWA: offline behaviour and app updates.

/** Issue #5: offline behaviour (docs/domain.md "Offline"). */
export const offline = {
  banner: 'Hors ligne',
  bannerDetail:
    'Le serveur est injoignable : les pages déjà consultées restent lisibles, ' +
    'les commentaires et préférences seront envoyés au retour de la connexion.',
  pending: (count: number) =>
    count === 1 ? '1 modification en attente d’envoi' : `${count} modifications en attente d’envoi`,
  /** Why an action that must reach the server at once is disabled. */
  unavailable: 'Indisponible hors ligne',
  queued: 'Hors ligne : la modification sera envoyée au retour de la connexion.',
  replayed: (count: number) =>
    count === 1
      ? 'La modification faite hors ligne a été enregistrée.'
      : `Les ${count} modifications faites hors ligne ont été enregistrées.`,
  replayFailed: (change: string, reason: string) => `${change} n’a pas pu être enregistré : ${reason}`,
  changes: {
    leadComment: (leadId: number) => `Le commentaire du lead n° ${leadId}`,
    preference: 'Le réglage de vos préférences',
  },
} as const

/** Issue #5: a new version of the app (service worker update). */
export const update = {
  available: 'Nouvelle version disponible',
  reload: 'Recharger',
  afterCall: 'La mise à jour se fera à la fin de l’appel.',
} as const
