// French strings of the display links back office (issue #14, /backoffice/display-links). Imported by
// that screen only.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeDisplayLinks: 'Liens d’affichage',
} as const satisfies Partial<Record<RouteId, string>>

export const displayLinksScreen = {
  intro:
    'Un lien d’affichage ouvre le classement en direct sur un écran mural ou une télévision, sans compte ni ' +
    'déconnexion : il ne donne accès à rien d’autre. Révoquez-le quand l’écran n’en a plus besoin.',
  create: 'Nouveau lien d’affichage',
  tableLabel: 'Liens d’affichage',
  columns: {
    name: 'Nom',
    team: 'Classement affiché',
    createdAt: 'Créé le',
    createdBy: 'Par',
    lastUsedAt: 'Dernière utilisation',
    status: 'Statut',
    actions: 'Actions',
  },
  centreWide: 'Tout le centre',
  active: 'Actif',
  revokedOn: (date: string) => `Révoqué le ${date}`,
  never: 'Jamais',
  unknownAuthor: '—',
  revoke: 'Révoquer',
  revokeLabel: (name: string) => `Révoquer le lien « ${name} »`,
  loading: 'Chargement des liens…',
  loadFailed: 'La liste des liens n’a pas pu être chargée.',
  empty: 'Aucun lien d’affichage pour l’instant.',
  confirmTitle: 'Révoquer ce lien ?',
  confirmMessage: (name: string) =>
    `L’écran « ${name} » perdra le classement immédiatement. Cette action est définitive.`,
  confirm: 'Révoquer',
  cancel: 'Annuler',
  revoked: (name: string) => `Lien « ${name} » révoqué.`,
} as const

export const displayLinkDialog = {
  title: 'Nouveau lien d’affichage',
  name: 'Nom de l’écran',
  nameHint: 'Par exemple : « Télévision du plateau » ou « Salle de pause ».',
  team: 'Classement affiché',
  centreWide: 'Tout le centre',
  chooseTeam: 'Choisissez une équipe',
  teamRequired: 'Choisissez l’équipe dont l’écran affichera le classement.',
  teamHint: 'L’écran montrera le classement de cette équipe seulement.',
  noTeam: 'Vous n’encadrez aucune équipe : aucun lien d’affichage ne peut être créé.',
  submit: 'Créer le lien',
  cancel: 'Annuler',
  failed: 'Le lien n’a pas pu être créé.',
  createdTitle: 'Lien créé',
  createdIntro:
    'Ouvrez cette adresse sur l’écran. Elle n’est affichée qu’une fois : copiez-la maintenant. ' +
    'Perdue, créez un nouveau lien et révoquez celui-ci.',
  url: 'Adresse du lien',
  copy: 'Copier l’adresse',
  copied: 'Adresse copiée',
  copyFailed: 'La copie a échoué : sélectionnez l’adresse et copiez-la.',
  close: 'Terminer',
} as const
