// French strings of the offline layer's outbox and of the update prompt (issue #5): the signed-in
// pages' modules read them through ../fr.ts (`fr.offline`, `fr.update`), so the first visit of
// /login, whose offline banner imports ./pwa.ts, carries none of them (issue #27).

/** Issue #5: changes made offline, queued and sent later. */
export const offlineChanges = {
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
