// French strings of calls: the call bar, statuses, the inbound alert, the dev softphone.

export const calls = {
  /** Issue #4 "Screens": the call bar, on every page while a call is ongoing. */
  bar: {
    label: 'Appel en cours',
    direction: { inbound: 'Entrant', outbound: 'Sortant' },
    unknownNumber: 'Numéro masqué',
    noLead: 'Lead inconnu',
    lead: (name: string) => `Lead : ${name}`,
    durationLabel: 'Durée',
    forceEnd: 'Terminer l’appel',
    forceEndFailed: 'Impossible de terminer l’appel.',
    /** Issue #29: the bar without a call: the chaining of leads and its pause. */
    idleLabel: 'Enchaînement des leads',
    pause: 'Pause',
    chainOn: 'Lead suivant dès l’issue enregistrée',
    chainPaused: 'En pause : retour à l’Accueil après une issue',
  },
  statuses: {
    initial: 'Numérotation',
    ringing: 'Sonnerie',
    answered: 'En communication',
    voicemail: 'Messagerie',
    ended: 'Terminé',
    missed: 'Manqué',
  },
  unknownStatus: 'Statut inconnu',
  /** The inbound call alert ('Appel entrant', caller, matched lead, Répondre). */
  inbound: {
    title: 'Appel entrant',
    caller: (number: string) => `Appelant : ${number}`,
    matchedLead: (name: string) => `Lead reconnu : ${name}`,
    noMatchedLead: 'Aucun lead ne correspond à ce numéro.',
    answer: 'Répondre',
    answerAnyway: 'Répondre quand même',
    answerFailed: 'Impossible de répondre à l’appel.',
    decline: 'Refuser',
    declineFailed: 'Impossible de refuser l’appel.',
    /** Known before answering (issue #11): said up front, so one click answers. */
    holdingLead: 'Vous avez un lead en cours de traitement : il reste le vôtre.',
    blocked: {
      UNTAGGED_CALL: 'Un appel précédent n’a pas été taggé.',
      UNFINISHED_PROCESSING_LEAD: 'Vous avez un lead en cours de traitement.',
    },
  },
  /** Dev tools softphone (simulator, non-production). */
  softphone: {
    title: 'Softphone (simulateur)',
    fromNumber: 'Numéro de l’appelant',
    raiseInbound: 'Simuler un appel entrant',
    currentCall: (number: string) => `Appel en cours : ${number}`,
    noCall: 'Aucun appel en cours.',
    answer: 'Décrocher',
    hangup: 'Raccrocher',
    miss: 'Manquer',
    failed: 'Action du simulateur impossible.',
    randomLead: 'Lead au hasard',
    noRandomLead: 'Aucun lead disponible pour vous.',
  },
} as const
