// French strings of the tag catalogue screen (issue #12 "Tags"). Imported by its feature only, so
// neither the entry chunk nor the agent screens carry them. Lead statuses: src/i18n/fr/leads.ts.
import type { LeadSubstatus } from '../../contracts/lead-statuses.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeTags: 'Tags',
} as const satisfies Partial<Record<RouteId, string>>

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`

export const tagsScreen = {
  intro:
    'Le catalogue des issues d’appel que proposent les étapes des process d’appel : libellé, couleur et effet sur le lead.',
  search: 'Rechercher un tag',
  includeRetired: 'Afficher les tags retirés',
  newTag: 'Nouveau tag',
  tableLabel: 'Liste des tags',
  columns: {
    label: 'Libellé',
    status: 'Statut du lead',
    effects: 'Effets',
    experiencePoints: 'Points',
    usage: 'Utilisations',
    state: 'État',
  },
  retired: 'Retiré',
  active: 'Actif',
  /** A tag whose status is null leaves the lead's status as it is. */
  unchanged: 'Inchangé',
  noEffect: '—',
  effects: {
    endsProcessing: 'termine le traitement',
    requiresAppointment: 'rendez-vous',
    asksRecallDate: 'date de rappel choisie',
    withoutCall: 'sans appel',
    recall: (delay: string) => `rappel après ${delay}`,
  },
  usage: (count: number) => (count === 0 ? 'jamais utilisé' : plural(count, 'utilisation', 'utilisations')),
  loading: 'Chargement des tags…',
  loadFailed: 'La liste des tags n’a pas pu être chargée.',
  empty: 'Aucun tag pour l’instant. Créez le premier avec le bouton « Nouveau tag ».',
  emptySearch: 'Aucun tag ne correspond à cette recherche. Modifiez la recherche ou créez le tag.',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  total: (total: number) => plural(total, 'tag', 'tags'),
  open: (label: string) => `Ouvrir le tag ${label}`,
} as const

/** A delay in minutes, in words: days, hours or minutes. */
export function delayInWords(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'jour', 'jours')
  if (minutes % 60 === 0) return plural(minutes / 60, 'heure', 'heures')
  return plural(minutes, 'minute', 'minutes')
}

export const tagForm = {
  createTitle: 'Nouveau tag',
  label: 'Libellé',
  color: 'Couleur',
  colorPicker: 'Nuancier',
  colorHex: 'Code couleur',
  status: 'Statut que prend le lead',
  substatus: 'Sous-statut',
  noSubstatus: 'Aucun',
  unchangedStatus: 'Inchangé (le lead garde son statut)',
  effects: 'Effets sur le lead',
  endsProcessing: 'Termine le traitement (le lead est libéré)',
  requiresAppointment: 'Demande un rendez-vous',
  asksRecallDate: 'L’agent choisit la date de rappel',
  withoutCall: 'Sans appel : enregistrable sans avoir appelé le lead (ne rapporte aucun point)',
  recallDelay: 'Délai de rappel',
  recallDelayHint: 'Vide : pas de rappel. Avec la date choisie par l’agent, c’est la date proposée.',
  recallUnit: 'Unité du délai',
  minutes: 'minutes',
  hours: 'heures',
  experiencePoints: 'Points d’expérience',
  create: 'Créer le tag',
  save: 'Enregistrer',
  created: (label: string) => `Tag « ${label} » créé.`,
  saved: 'Tag enregistré.',
  failed: 'Le tag n’a pas pu être enregistré.',
  renameNotice:
    'Un nouveau libellé s’affiche aussitôt chez les agents ; l’historique des leads garde l’ancien.',
  wholeNumber: 'Saisissez un nombre entier.',
  summaryTitle: 'Ce que fera ce tag',
} as const

/** The effects a tag's form has chosen, as the summary sentence reads them. */
export type TagEffectsSummary = {
  status: string | null
  endsProcessing: boolean
  requiresAppointment: boolean
  asksRecallDate: boolean
  withoutCall: boolean
  recallDelayMinutes: number | null
}

/**
 * What the chosen effects will do to a lead, in words (issue #31): one sentence per effect, in the
 * order an agent meets them. `status` is the status's French name, or null for « Inchangé ».
 */
export function tagEffectsInWords(effects: TagEffectsSummary): string[] {
  const delay =
    effects.recallDelayMinutes !== null &&
    Number.isFinite(effects.recallDelayMinutes) &&
    effects.recallDelayMinutes > 0
      ? delayInWords(effects.recallDelayMinutes)
      : null
  return [
    effects.withoutCall
      ? 'L’agent peut le choisir sans avoir appelé le lead ; il ne rapporte alors aucun point.'
      : 'L’agent le choisit à l’issue d’un appel.',
    effects.status === null
      ? 'Le lead garde son statut actuel.'
      : `Le lead passe au statut « ${effects.status} ».`,
    effects.endsProcessing
      ? 'Le traitement se termine : le lead est libéré et repart dans la file.'
      : 'Le lead reste attribué à l’agent, qui poursuit son traitement.',
    effects.asksRecallDate
      ? `L’agent choisit la date de rappel${delay ? ` (proposée ${delay} plus tard)` : ''}.`
      : delay
        ? `Le lead est à rappeler ${delay} plus tard.`
        : 'Aucun rappel n’est programmé.',
    effects.requiresAppointment ? 'L’agent doit prendre un rendez-vous.' : null,
  ].filter((sentence) => sentence !== null)
}

export const tagDetail = {
  close: 'Fermer la fiche du tag',
  loading: 'Chargement du tag…',
  loadFailed: 'Ce tag n’a pas pu être chargé.',
  retiredNotice:
    'Ce tag est retiré : il n’est plus proposé pour de nouvelles étapes. Restaurez-le pour le modifier.',
  usage: (count: number) =>
    count === 0
      ? 'Ce tag n’a jamais été utilisé : vous pouvez le supprimer.'
      : `Utilisé ${count.toLocaleString('fr-FR')} fois (étapes et leads) : il peut être retiré, pas supprimé.`,
  retire: 'Retirer le tag',
  restore: 'Restaurer le tag',
  remove: 'Supprimer le tag',
  retireTitle: 'Retirer le tag ?',
  retireText: (label: string) =>
    `« ${label} » ne sera plus proposé pour de nouvelles étapes. Les étapes qui le proposent le gardent jusqu’à leur prochaine modification. Vous pourrez le restaurer.`,
  restoreTitle: 'Restaurer le tag ?',
  restoreText: (label: string) => `« ${label} » sera de nouveau proposé dans les process d’appel.`,
  removeTitle: 'Supprimer le tag ?',
  removeText: (label: string) => `« ${label} » sera supprimé définitivement.`,
  retireConfirm: 'Retirer',
  restoreConfirm: 'Restaurer',
  removeConfirm: 'Supprimer',
  cancel: 'Annuler',
  retired: 'Tag retiré.',
  restored: 'Tag restauré.',
  removed: 'Tag supprimé.',
} as const

export const substatuses: Record<LeadSubstatus, string> = {
  WAITING_FOR_FORCED_RDV: 'En attente de rendez-vous forcé',
  NO_ANSWER: 'Pas de réponse',
  CALLBACK_REQUESTED: 'Rappel demandé',
  ALREADY_EQUIPPED: 'Déjà équipé',
  TOO_EXPENSIVE: 'Trop cher',
}
