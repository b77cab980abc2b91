// French names of the badges and tentacalls (issue #14), by their stored codes; shared data like
// extraction-labels.ts. The server's rules (server/domain/gamification/) take their names from here,
// and the notifications (the service worker and the hidden-tab bridge) show them instead of the
// codes. Tiny and zod-free: the worker imports it.

export const badgeNames = {
  'premier-appel': 'Premier contact',
  'premier-rdv': 'Premier rendez-vous',
  'leve-tot': 'Lève-tôt',
  'cent-decroches': 'Centurion',
  'dix-rdv-jour': 'Journée en or',
  'semaine-impeccable': 'Semaine impeccable',
} as const

export const tentacallNames = {
  'decroches-consecutifs': 'Série de décrochés',
  'jours-rdv': 'Jours avec RDV',
  'rdv-session': 'RDV en une session',
} as const

/** The French name of an award, or its code when it is none of the catalogue's (the dev endpoint's). */
export function awardName(kind: 'badge' | 'tentacall', code: string): string {
  const names: Readonly<Record<string, string>> = kind === 'badge' ? badgeNames : tentacallNames
  return Object.hasOwn(names, code) ? names[code]! : code
}
