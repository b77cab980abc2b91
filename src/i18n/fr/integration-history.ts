// French strings of /integration/history (issue #13): the imports, their filters and row actions.
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  integrationHistory: 'Historique des intégrations',
} as const satisfies Partial<Record<RouteId, string>>

const number = (value: number) => value.toLocaleString('fr-FR')

export const historyScreen = {
  intro:
    'Chaque import de leads : qui l’a lancé, quand, vers quelle mission, et ce qu’il a donné. Le fichier d’origine reste téléchargeable 30 jours.',
  loading: 'Chargement des imports…',
  loadFailed: 'Impossible de charger l’historique des imports.',
  empty: 'Aucun import pour l’instant : lancez le premier depuis « Intégration de leads ».',
  emptyFiltered: 'Aucun import ne correspond à ces filtres.',
  tableLabel: 'Imports de leads',
  pagesLabel: 'Pages des imports',
  total: (count: number) => `${number(count)} import${count > 1 ? 's' : ''}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
} as const

export const historyFilters = {
  label: 'Filtres des imports',
  search: 'Rechercher (nom du fichier)',
  state: 'État',
  mission: 'Mission',
  any: 'Tous',
  clear: 'Effacer les filtres',
} as const

export const historyTable = {
  columns: {
    file: 'Fichier',
    by: 'Par',
    mission: 'Mission et marchés',
    mapping: 'Mapping',
    counts: 'Lignes',
    duration: 'Durée',
    state: 'État',
    actions: 'Actions',
  },
  none: '—',
  deletedUser: 'Utilisateur supprimé',
  on: (date: string) => `le ${date}`,
  counts: (imported: number, updated: number, skipped: number, rejected: number) =>
    `${number(imported)} importés, ${number(updated)} complétés, ${number(skipped)} doublons ignorés, ${number(rejected)} rejetés`,
  totalRows: (count: number) => `sur ${number(count)} lignes`,
  progress: (done: number, total: number) => `${number(done)} / ${number(total)} lignes`,
  undoneCounts: (deleted: number, kept: number) =>
    `Défait : ${number(deleted)} supprimés, ${number(kept)} gardés`,
  open: (name: string) => `Ouvrir l’import ${name}`,
  downloadFile: 'Fichier d’origine',
  downloadFileOf: (name: string) => `Télécharger le fichier d’origine ${name}`,
  downloadRejected: 'Lignes rejetées',
  downloadRejectedOf: (name: string) => `Télécharger les lignes rejetées de ${name}`,
  cancel: 'Annuler',
  /** What assistive technology reads for "Annuler" and "Défaire": which import. */
  cancelOf: (name: string) => `Annuler l’import ${name}`,
  undo: 'Défaire',
  undoOf: (name: string) => `Défaire l’import ${name}`,
} as const

export const undoDialog = {
  title: (name: string) => `Défaire l’import ${name} ?`,
  message:
    'Les leads de cet import que personne n’a encore travaillés (jamais distribués, appelés ni tagués) seront supprimés. Ceux déjà travaillés sont gardés et listés ensuite. L’opération est enregistrée.',
  confirm: 'Défaire l’import',
  cancel: 'Garder l’import',
  doneTitle: 'Import défait',
  done: (deleted: number, kept: number) =>
    `${number(deleted)} lead${deleted > 1 ? 's' : ''} supprimé${deleted > 1 ? 's' : ''}, ${number(kept)} gardé${kept > 1 ? 's' : ''}.`,
  keptHeading: 'Leads gardés (déjà travaillés)',
  openLead: (name: string) => `Ouvrir la fiche de ${name}`,
  close: 'Fermer',
} as const

export const cancelDialog = {
  title: (name: string) => `Annuler l’import ${name} ?`,
  message:
    'L’import s’arrête : les leads déjà écrits sont gardés, les lignes suivantes ne sont pas importées.',
  confirm: 'Annuler l’import',
  cancel: 'Continuer l’import',
} as const
