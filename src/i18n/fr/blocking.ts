// French strings of the blocking-reason overlay (spec §2).

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
