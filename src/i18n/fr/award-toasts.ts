// Issue #29 point 6: the toast of a badge or tentacall the agent just earned.
export const awardToasts = {
  label: 'Récompenses obtenues',
  badge: (name: string) => `Badge obtenu : ${name}`,
  tentacall: (name: string) => `Tentacall réussi : ${name}`,
  close: 'Fermer',
} as const
