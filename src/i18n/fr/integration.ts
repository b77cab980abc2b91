// French strings of lead integration (issue #13): the /integration/integrate stepper, the import
// vocabulary shared with the history, and the layout's import indicator.
import type { ImportDuplicatePolicy, ImportState, ImportTarget } from '../../contracts/import-fields.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  integrationIntegrate: 'Intégration de leads',
} as const satisfies Partial<Record<RouteId, string>>

const number = (value: number) => value.toLocaleString('fr-FR')
const plural = (count: number, one: string, many: string) => `${number(count)} ${count > 1 ? many : one}`

/** `12,4 Mo`, `830 ko`, `512 octets` (French units, powers of 1024). */
export function formatFileSize(bytes: number): string {
  const units = ['ko', 'Mo', 'Go']
  if (bytes < 1024) return plural(bytes, 'octet', 'octets')
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`
}

/** `45 s`, `3 min 20 s`, `1 h 05 min`. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  if (total < 60) return `${total} s`
  const minutes = Math.floor(total / 60)
  if (minutes < 60) return `${minutes} min ${String(total % 60).padStart(2, '0')} s`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

export const importTargets: Record<ImportTarget, string> = {
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
  secondaryPhone: 'Téléphone secondaire',
  email: 'E-mail',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  meetRequestDate: 'Date de demande',
  comment: 'Commentaire',
  market: 'Marché',
  metadata: 'Métadonnée',
  ignore: 'Ignorer',
}

export const importStates: Record<ImportState, string> = {
  uploaded: 'Fichier reçu',
  analysing: 'Analyse en cours',
  ready: 'Prêt à importer',
  queued: 'En attente',
  running: 'En cours',
  done: 'Terminé',
  failed: 'Échoué',
  cancelled: 'Annulé',
  undone: 'Défait',
}

export const duplicatePolicies: Record<ImportDuplicatePolicy, string> = {
  skip: 'Ignorer les doublons',
  fillEmpty: 'Compléter les champs vides du lead existant',
  importAnyway: 'Importer quand même',
}

export const integrateScreen = {
  intro:
    'Importez un fichier CSV ou Excel (XLSX) de leads : associez ses colonnes aux champs des leads, choisissez la mission, vérifiez l’aperçu puis lancez l’import.',
  stepsLabel: 'Étapes de l’intégration',
  steps: {
    file: 'Fichier',
    mapping: 'Colonnes',
    target: 'Mission',
    preview: 'Aperçu',
    progress: 'Import',
    report: 'Rapport',
  },
  stepOf: (index: number, count: number) => `Étape ${index} sur ${count}`,
  current: '(étape en cours)',
  loading: 'Chargement de l’import…',
  loadFailed: 'Impossible de charger cet import.',
  newImport: 'Nouvel import',
  failed: (reason: string) => `L’import a échoué : ${reason}`,
  failedUnknown: 'L’import a échoué.',
  discard: 'Abandonner cet import',
  discardTitle: 'Abandonner cet import ?',
  discardMessage: (fileName: string) =>
    `Le fichier « ${fileName} » et ses réglages seront supprimés. Aucun lead n’a été importé.`,
  discardConfirm: 'Abandonner',
  discardCancel: 'Garder l’import',
} as const

export const fileStep = {
  heading: 'Choisir le fichier',
  dropZone: 'Déposez le fichier ici, ou',
  pick: 'Choisir un fichier',
  accepted: 'CSV (séparateur ; , ou tabulation, UTF-8 ou Windows-1252) ou Excel XLSX, 50 Mo au plus.',
  tooLarge: (size: string) =>
    `Ce fichier pèse ${size} : la limite est de 50 Mo. Découpez-le en plusieurs fichiers.`,
  wrongKind: 'Ce fichier n’est ni un CSV ni un fichier Excel XLSX.',
  empty: 'Ce fichier est vide.',
  uploading: (name: string, percent: number) => `Envoi de ${name} : ${percent} %`,
  uploadLabel: 'Envoi du fichier',
  uploadFailed: 'L’envoi du fichier a échoué.',
  previewHeading: (name: string) => `Aperçu de ${name}`,
  previewLabel: 'Premières lignes du fichier',
  previewFailed: 'L’aperçu n’a pas pu être lu dans le navigateur ; le serveur vérifie le fichier.',
  previewEncoding: (encoding: string, delimiter: string | null) =>
    `Encodage ${encoding}${delimiter === null ? '' : `, séparateur « ${delimiter === '\t' ? 'tabulation' : delimiter} »`}`,
} as const

export const mappingStep = {
  heading: 'Associer les colonnes',
  intro:
    'Chaque colonne du fichier va dans un champ du lead, dans ses métadonnées (gardée sous son en-tête), ou est ignorée. La suggestion vient des en-têtes.',
  tableLabel: 'Colonnes du fichier',
  columns: { header: 'Colonne du fichier', samples: 'Exemples', target: 'Champ du lead' },
  targetOf: (header: string) => `Champ du lead pour la colonne « ${header} »`,
  noHeader: (index: number) => `Colonne ${index + 1}`,
  savedMapping: 'Mapping enregistré',
  savedMappingNone: '(suggestion d’après les en-têtes)',
  saveAs: 'Enregistrer ce mapping sous… (facultatif)',
  missingPhone: 'Associez une colonne au téléphone : c’est le champ qui identifie un lead.',
  duplicateField: (field: string) => `Le champ « ${field} » est associé à plusieurs colonnes.`,
  next: 'Continuer',
  headerLine: 'Ligne d’en-tête',
  headerLineOption: (line: number, text: string) => `Ligne ${number(line)} : ${text}`,
  headerBelowTitle: (line: number) =>
    `Les en-têtes sont à la ligne ${number(line)} : ce qui est au-dessus (un titre) est ignoré.`,
  headerHint: 'Appliquer associe les colonnes de nouveau d’après la ligne choisie.',
  headerApply: 'Appliquer',
} as const

export const targetStep = {
  heading: 'Mission et marché',
  mission: 'Mission',
  missionChoose: 'Choisir une mission',
  marketMode: 'Marché des leads',
  modes: {
    fixed: 'Un marché pour tout le fichier',
    column: 'D’après une colonne du fichier (associée à « Marché »)',
    postalCode: 'D’après le code postal (préfixes des marchés)',
  },
  market: 'Marché',
  marketChoose: 'Choisir un marché',
  noMarket: 'Cette mission n’a aucun marché : créez-en un dans le back-office.',
  needsMarketColumn: 'Associez une colonne à « Marché » à l’étape précédente.',
  needsPostalCode: 'Associez une colonne au « Code postal » à l’étape précédente.',
  needsMission: 'Choisissez une mission.',
  needsMarket: 'Choisissez un marché.',
  duplicates: 'Doublons (même téléphone qu’un lead ouvert de la mission ou qu’une ligne précédente)',
  back: 'Revenir aux colonnes',
  analyse: 'Analyser',
  analysing: 'Analyse du fichier en cours…',
  analyseFailed: 'L’analyse n’a pas pu être lancée.',
} as const

export const previewStep = {
  heading: 'Vérifier avant d’importer',
  counts: {
    total: (count: number) => plural(count, 'ligne', 'lignes'),
    valid: (count: number) => plural(count, 'ligne valide', 'lignes valides'),
    errors: (count: number) => plural(count, 'ligne en erreur', 'lignes en erreur'),
    duplicates: (count: number) => plural(count, 'doublon', 'doublons'),
  },
  rowsHeading: 'Premières lignes telles qu’elles seront importées',
  rowsLabel: 'Lignes importées (aperçu)',
  line: 'Ligne',
  market: 'Marché',
  errorsHeading: 'Lignes en erreur',
  errorsNote: 'Ces lignes ne seront pas importées ; elles seront dans le fichier des lignes rejetées.',
  errorsLabel: 'Erreurs par ligne',
  errorLine: (line: number) => `Ligne ${number(line)}`,
  errorColumn: 'Colonne',
  errorMessage: 'Erreur',
  duplicatesHeading: 'Doublons',
  duplicateLine: (line: number, text: string) => `Ligne ${number(line)} — ${text}`,
  duplicateOfLead: (phone: string, leadId: number) => `${phone} : déjà le lead n° ${leadId} de la mission`,
  duplicateOfLine: (phone: string, line: number | null) =>
    line === null
      ? `${phone} : déjà plus haut dans le fichier`
      : `${phone} : déjà à la ligne ${number(line)}`,
  more: (shown: number, total: number) => `${number(shown)} affichées sur ${number(total)}.`,
  back: 'Modifier les réglages',
  start: (count: number) => `Importer ${plural(count, 'lead', 'leads')}`,
  nothing: 'Aucune ligne valide à importer.',
  reimport: (duplicates: number, fresh: number) =>
    `${plural(duplicates, 'doublon', 'doublons')}, ${plural(fresh, 'nouveau', 'nouveaux')}`,
  allDuplicates:
    'Ces leads sont déjà dans la mission (ou répétés dans le fichier) : ce fichier n’apporte aucun nouveau lead.',
  errorGroup: (count: number, cause: string) =>
    `${plural(count, 'ligne', 'lignes')} : ${cause.charAt(0).toLowerCase()}${cause.slice(1)}`,
  errorGroupColumn: (column: string) => `Colonne « ${column} »`,
  groupValues: (values: string[], more: boolean) => `Valeurs : ${values.join(', ')}${more ? '…' : ''}`,
  groupLines: (lines: number[], more: boolean) =>
    `Lignes : ${lines.map((line) => number(line)).join(', ')}${more ? '…' : ''}`,
  downloadRejected: 'Télécharger les lignes en erreur',
  warningsHeading: 'Valeurs invalides ignorées',
  warningsNote: (count: number) =>
    `${plural(count, 'ligne sera importée sans sa valeur invalide', 'lignes seront importées sans leur valeur invalide')} (champ facultatif).`,
  warningsLabel: 'Valeurs ignorées par ligne',
  warningMessage: 'Valeur ignorée',
} as const

export const progressStep = {
  heading: 'Import en cours',
  barLabel: 'Progression de l’import',
  queued: 'L’import attend son tour…',
  rows: (done: number, total: number, percent: number) =>
    `${number(done)} lignes sur ${number(total)} (${percent} %)`,
  speed: (perSecond: number) => `${number(Math.round(perSecond))} lignes par seconde`,
  timeLeft: (text: string) => `Temps restant : ${text}`,
  timeUnknown: 'Temps restant : calcul en cours',
  leave:
    'Vous pouvez quitter cette page : l’import continue, et son avancement reste visible dans l’en-tête.',
  cancel: 'Annuler l’import',
} as const

export const reportStep = {
  heading: 'Rapport d’import',
  imported: (count: number) => plural(count, 'lead importé', 'leads importés'),
  updated: (count: number) => plural(count, 'lead complété', 'leads complétés'),
  skipped: (count: number) => plural(count, 'doublon ignoré', 'doublons ignorés'),
  rejected: (count: number) => plural(count, 'ligne rejetée', 'lignes rejetées'),
  duration: (text: string) => `Durée : ${text}`,
  cancelled: 'L’import a été annulé : les lignes déjà écrites sont gardées.',
  undone: 'Cet import a été défait.',
  warnings: (count: number) =>
    plural(
      count,
      'ligne avec une valeur facultative invalide, ignorée',
      'lignes avec une valeur facultative invalide, ignorée',
    ),
  downloadRejected: 'Télécharger les lignes rejetées',
  history: 'Voir l’historique des intégrations',
} as const
