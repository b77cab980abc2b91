// French strings of the users screen (/utilisateurs, issue #12 "Users"). Imported by its feature only,
// so neither the entry chunk nor the agent screens carry them.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  users: 'Utilisateurs',
} as const satisfies Partial<Record<RouteId, string>>

const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n <= 1 ? one : many}`

export const usersScreen = {
  intro: 'Créez les comptes, modifiez-les, reliez-les à Aircall et gérez leurs équipes et missions.',
  introReadOnly: 'Les utilisateurs de vos équipes, en lecture seule.',
  create: 'Nouvel utilisateur',
  tableLabel: 'Liste des utilisateurs',
  pagesLabel: 'Pages des utilisateurs',
  loading: 'Chargement des utilisateurs…',
  loadFailed: 'La liste des utilisateurs n’a pas pu être chargée.',
  empty: 'Aucun utilisateur pour l’instant. Créez le premier avec « Nouvel utilisateur ».',
  emptyReadOnly: 'Aucun utilisateur dans vos équipes pour l’instant.',
  emptyFiltered:
    'Aucun utilisateur ne correspond à ces critères. Modifiez la recherche ou effacez les filtres.',
  total: (n: number) => count(n, 'utilisateur', 'utilisateurs'),
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  previous: 'Page précédente',
  next: 'Page suivante',
} as const

export const userFilters = {
  label: 'Filtres des utilisateurs',
  search: 'Rechercher (nom ou e-mail)',
  role: 'Rôle',
  status: 'Statut',
  team: 'Équipe',
  mission: 'Mission',
  aircall: 'Compte Aircall',
  working: 'Présence',
  any: 'Tous',
  needsLink: 'À lier',
  linked: 'Lié',
  workingNow: 'En poste',
  notWorking: 'Hors poste',
  clear: 'Effacer les filtres',
} as const

export const usersTable = {
  select: (name: string) => `Sélectionner ${name}`,
  selectPage: 'Sélectionner toute la page',
  columns: {
    name: 'Nom',
    email: 'E-mail',
    role: 'Rôle',
    status: 'Statut',
    teams: 'Équipes',
    missions: 'Missions',
    createdAt: 'Créé le',
  },
  sortBy: (column: string) => `Trier par ${column.toLowerCase()}`,
  open: (name: string) => `Ouvrir la fiche de ${name}`,
  none: '—',
  working: 'En poste',
  workingHint: 'Connecté dans les 15 dernières minutes',
  needsLink: 'Aircall à lier',
  avatar: (name: string) => `Photo de ${name}`,
} as const

export const bulkActions = {
  label: 'Actions sur la sélection',
  selected: (n: number) => `${count(n, 'utilisateur sélectionné', 'utilisateurs sélectionnés')}`,
  action: 'Action',
  choose: 'Choisir une action',
  deactivate: 'Désactiver',
  addToTeam: 'Ajouter à une équipe',
  assignToMission: 'Affecter à une mission',
  team: 'Équipe',
  mission: 'Mission',
  chooseTeam: 'Choisir une équipe',
  chooseMission: 'Choisir une mission',
  apply: 'Appliquer',
  clear: 'Vider la sélection',
  missingTarget: 'Choisissez d’abord l’équipe ou la mission.',
  confirmTitle: 'Désactiver ces utilisateurs ?',
  confirmText: (n: number) =>
    `${count(n, 'utilisateur sera déconnecté', 'utilisateurs seront déconnectés')} aussitôt et ne pourra plus se connecter. Vous pourrez les réactiver un par un.`,
  confirm: 'Désactiver',
  cancel: 'Annuler',
  done: (changed: number, unchanged: number) =>
    unchanged === 0
      ? `${count(changed, 'utilisateur modifié', 'utilisateurs modifiés')}.`
      : `${count(changed, 'utilisateur modifié', 'utilisateurs modifiés')}, ${count(unchanged, 'déjà à jour', 'déjà à jour')}.`,
} as const

export const userForm = {
  createTitle: 'Nouvel utilisateur',
  editTitle: 'Modifier l’utilisateur',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Adresse e-mail',
  role: 'Rôle',
  teams: 'Équipes',
  noTeams: 'Aucune équipe : créez-en dans « Équipes ».',
  welcomeHint:
    'Un lien pour choisir son mot de passe lui sera envoyé par e-mail (ou remis par vous, sans serveur d’envoi).',
  create: 'Créer l’utilisateur',
  save: 'Enregistrer',
  cancel: 'Annuler',
  createdMailQueued: (name: string) =>
    `Utilisateur ${name} créé : l’e-mail de bienvenue est en file d’envoi (suivi dans « E-mails »).`,
  createdInactive: (name: string) => `Utilisateur ${name} créé, inactif : aucun e-mail de bienvenue envoyé.`,
  createdLink: (name: string) => `Utilisateur ${name} créé : remettez-lui son lien de bienvenue.`,
  saved: 'Modifications enregistrées.',
  failed: 'L’utilisateur n’a pas pu être enregistré.',
} as const

/** Issue #31: the welcome link handed over where production has no mail server. */
export const welcomeLink = {
  title: 'Lien de bienvenue à remettre',
  noServer: 'Aucun serveur d’envoi n’est configuré : l’e-mail de bienvenue ne peut pas partir.',
  renewed: 'Ce nouveau lien remplace les précédents, qui ne fonctionnent plus.',
  newLink: 'Nouveau lien',
  newLinkFailed: 'Le nouveau lien n’a pas pu être créé.',
  passwordChosen: (name: string) =>
    `${name} a choisi son mot de passe : en cas d’oubli, le lien « Mot de passe oublié » de la page de connexion lui en envoie un nouveau.`,
  newLinkHint:
    'Pour un utilisateur qui n’a pas reçu son e-mail ou dont le lien a expiré : un lien à lui remettre vous-même.',
  handOver: (name: string, until: string) =>
    `Remettez ce lien à ${name} pour choisir son mot de passe. Il est valable jusqu’au ${until}, une seule fois, et ne sera plus affiché.`,
  label: 'Lien de bienvenue',
  copy: 'Copier le lien',
  copied: 'Lien copié.',
  copyFailed: 'Copie impossible : sélectionnez le lien et copiez-le.',
  done: 'J’ai remis le lien',
} as const

export const userDetail = {
  close: 'Fermer la fiche',
  loading: 'Chargement de l’utilisateur…',
  loadFailed: 'Cet utilisateur n’a pas pu être chargé.',
  readOnly: 'Lecture seule : seuls les administrateurs modifient les utilisateurs.',
  facts: 'Informations',
  email: 'E-mail',
  role: 'Rôle',
  status: 'Statut',
  teams: 'Équipes',
  missions: 'Missions',
  presence: 'Présence',
  working: 'En poste (connecté dans les 15 dernières minutes)',
  notWorking: 'Hors poste',
  aircall: 'Compte Aircall',
  aircallNone: 'Non lié',
  aircallLinked: (id: number) => `Lié (identifiant ${id})`,
  none: 'Aucune',
  deactivate: 'Désactiver le compte',
  activate: 'Réactiver le compte',
  deactivateTitle: 'Désactiver ce compte ?',
  deactivateText: (name: string) =>
    `${name} sera déconnecté aussitôt et ne pourra plus se connecter. Vous pourrez réactiver le compte.`,
  activateTitle: 'Réactiver ce compte ?',
  activateText: (name: string) => `${name} pourra de nouveau se connecter.`,
  confirmDeactivate: 'Désactiver',
  confirmActivate: 'Réactiver',
  cancel: 'Annuler',
  deactivated: 'Compte désactivé.',
  activated: 'Compte réactivé.',
} as const

export const aircallLink = {
  title: 'Compte Aircall',
  link: 'Lier à Aircall',
  byEmail: 'Lier par l’adresse e-mail',
  byEmailHint: 'Cherche chez Aircall l’utilisateur qui a la même adresse e-mail.',
  choose: 'Choisir dans la liste Aircall',
  search: 'Rechercher un utilisateur Aircall',
  loading: 'Chargement des utilisateurs Aircall…',
  loadFailed: 'La liste des utilisateurs Aircall n’a pas pu être chargée.',
  empty: 'Aucun utilisateur Aircall ne correspond à cette recherche.',
  pick: (label: string) => `Lier à ${label}`,
  takenBy: 'déjà lié',
  current: 'compte actuel',
  linked: 'Compte Aircall lié.',
  failed: 'Le compte Aircall n’a pas pu être lié.',
  close: 'Fermer',
  more: (n: number) => `… et ${count(n, 'autre', 'autres')} : précisez la recherche.`,
} as const
