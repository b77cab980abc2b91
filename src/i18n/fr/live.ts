// French strings of the live-event connection shown in the header.

export const live = {
  /** Spec §4: live-event connection states, shown in the header. */
  status: {
    idle: '',
    connecting: 'Connexion…',
    connected: 'Connecté',
    reconnecting: 'Reconnexion…',
    reconnected: 'Reconnecté',
    failed: 'Connexion perdue',
  },
  failedDetail: 'Les informations ne se mettent plus à jour automatiquement.',
  retry: 'Réessayer',
  experiencePoints: (points: number) => `${points.toLocaleString('fr-FR')} XP`,
  experiencePointsLabel: 'Points d’expérience',
} as const
