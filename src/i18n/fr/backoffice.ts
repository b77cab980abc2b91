// French strings of the back-office screens (issue #12). Imported by the back-office features only,
// so neither the entry chunk nor the agent screens carry them.
import type { AuditAction } from '../../contracts/audit.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  backofficeTeams: 'Équipes',
} as const satisfies Partial<Record<RouteId, string>>

export const teamsScreen = {
  intro: 'Créez les équipes du centre d’appels, choisissez leurs membres et leurs managers.',
  search: 'Rechercher une équipe',
  includeArchived: 'Afficher les équipes archivées',
  tableLabel: 'Liste des équipes',
  columns: { name: 'Nom', members: 'Membres', managers: 'Managers', status: 'Statut' },
  sortAscending: 'tri croissant',
  sortDescending: 'tri décroissant',
  sortBy: (column: string) => `Trier par ${column.toLowerCase()}`,
  archived: 'Archivée',
  active: 'Active',
  noManager: 'Aucun',
  loading: 'Chargement des équipes…',
  loadFailed: 'La liste des équipes n’a pas pu être chargée.',
  empty: 'Aucune équipe pour l’instant. Créez la première avec le formulaire « Nouvelle équipe ».',
  emptySearch: 'Aucune équipe ne correspond à cette recherche. Modifiez la recherche ou créez l’équipe.',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  total: (total: number) => (total <= 1 ? `${total} équipe` : `${total} équipes`),
  open: (name: string) => `Ouvrir l’équipe ${name}`,
} as const

export const teamForm = {
  createTitle: 'Nouvelle équipe',
  name: 'Nom de l’équipe',
  create: 'Créer l’équipe',
  created: (name: string) => `Équipe « ${name} » créée.`,
  rename: 'Renommer',
  renamed: 'Nom enregistré.',
  failed: 'L’équipe n’a pas pu être enregistrée.',
} as const

export const teamDetail = {
  close: 'Fermer la fiche de l’équipe',
  loading: 'Chargement de l’équipe…',
  loadFailed: 'Cette équipe n’a pas pu être chargée.',
  archivedNotice: 'Cette équipe est archivée : restaurez-la pour la modifier.',
  archive: 'Archiver l’équipe',
  restore: 'Restaurer l’équipe',
  archiveTitle: 'Archiver l’équipe ?',
  archiveText: (name: string, members: number) =>
    members === 0
      ? `« ${name} » ne sera plus proposée. Vous pourrez la restaurer.`
      : `« ${name} » ne sera plus proposée et ses ${members} membre${members > 1 ? 's' : ''} la quitteront (les managers perdent aussitôt leurs droits sur eux). Vous pourrez la restaurer, sans ses membres.`,
  archiveConfirm: 'Archiver',
  restoreTitle: 'Restaurer l’équipe ?',
  restoreText: (name: string) => `« ${name} » sera de nouveau proposée, sans membres.`,
  restoreConfirm: 'Restaurer',
  cancel: 'Annuler',
  archived: 'Équipe archivée.',
  restored: 'Équipe restaurée.',
} as const

export const teamMembers = {
  title: 'Membres',
  empty: 'Aucun membre. Recherchez un utilisateur ci-dessous pour l’ajouter à l’équipe.',
  manager: 'Manager de l’équipe',
  managerHint: 'Réservé aux utilisateurs au rôle Manager',
  remove: (name: string) => `Retirer ${name}`,
  removeTitle: 'Retirer ce membre ?',
  removeText: (name: string, team: string) => `${name} quittera l’équipe « ${team} ».`,
  removeConfirm: 'Retirer',
  cancel: 'Annuler',
  add: 'Ajouter un membre',
  addSearch: 'Rechercher un utilisateur (nom ou e-mail)',
  addButton: (name: string) => `Ajouter ${name}`,
  addNone: 'Aucun utilisateur ne correspond, hors membres actuels.',
  addMore: (count: number) => `… et ${count} autre${count > 1 ? 's' : ''} : précisez la recherche.`,
  inactive: 'inactif',
} as const

export const auditHistory = {
  title: 'Historique des modifications',
  empty: 'Aucune modification enregistrée.',
  loading: 'Chargement de l’historique…',
  unknownUser: 'Utilisateur supprimé',
  by: (who: string, when: string) => `${who}, le ${when}`,
  newer: 'Plus récentes',
  older: 'Plus anciennes',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  actions: {
    create: 'Création',
    update: 'Modification',
    archive: 'Archivage',
    restore: 'Restauration',
    'member-add': 'Membre ajouté',
    'member-remove': 'Membre retiré',
    'manager-set': 'Manager désigné',
    'manager-unset': 'Manager retiré',
    assign: 'Utilisateur affecté',
    unassign: 'Utilisateur désaffecté',
    'open-team': 'Mission ouverte à une équipe',
    'close-team': 'Mission fermée à une équipe',
    delete: 'Suppression',
    // Users (src/i18n/fr/backoffice-users.ts has their screen's words).
    activate: 'Activation',
    deactivate: 'Désactivation',
    'link-aircall': 'Compte Aircall lié',
    'hand-over-link': 'Lien de bienvenue remis par l’administrateur',
    // Tags (src/i18n/fr/backoffice-tags.ts has their screen's words).
    retire: 'Retrait',
    // Lead imports (issue #13).
    start: 'Lancement',
    cancel: 'Annulation',
    undo: 'Retour arrière',
    // Lead extractions (issue #13).
    extract: 'Extraction',
    // Scheduled jobs (issue #15).
    pause: 'Mise en pause',
    resume: 'Reprise',
    run: 'Lancement manuel',
    // E-mails (issue #15).
    resend: 'Renvoi',
  } satisfies Record<AuditAction, string>,
  // Field labels and values: ./audit-values.ts.
  arrow: '→',
} as const
