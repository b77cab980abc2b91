// French strings of the offline banner (issue #5), on every page's first visit; the outbox's and the
// update prompt's are in ./pwa-signed-in.ts (issue #27).

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
} as const
