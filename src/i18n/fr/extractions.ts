// French strings of the extraction screen (issue #13). The column names are the file's own headers
// (src/contracts/extraction-labels.ts), so what one ticks is what the file says.
import {
  EXTRACTION_COLUMN_LABELS,
  EXTRACTION_STATUS_LABELS,
  EXTRACTION_SUBSTATUS_LABELS,
} from '../../contracts/extraction-labels.ts'
import type { ExtractionExpiry, ExtractionState } from '../../contracts/extractions.ts'
import type { RouteId } from '../../contracts/routes.ts'

/** The titles of its screens, keyed by route id (every route has one: ./screen-titles.ts). */
export const screenTitles = {
  extractions: 'Extractions de leads',
} as const satisfies Partial<Record<RouteId, string>>

const number = (value: number) => value.toLocaleString('fr-FR')

export const extractionsScreen = {
  intro:
    'Choisissez les leads, les colonnes et le format du fichier. Chaque extraction est enregistrée (qui, quand, quels filtres).',
  filters: 'Filtres',
  missions: 'Missions',
  markets: 'Marchés',
  statuses: 'Statuts',
  substatuses: 'Sous-statuts',
  steps: 'Étapes (séparées par des virgules)',
  integrationMonths: 'Mois d’intégration (AAAA-MM, séparés par des virgules)',
  meetRequest: 'Date de demande',
  lastActivity: 'Dernière activité',
  appointment: 'Date du RDV',
  from: 'du',
  to: 'au',
  processingUsers: 'Traité par',
  lastOutcomes: 'Dernier tag',
  expiry: 'Expiration',
  expiryChoices: {
    all: 'Tous les leads',
    active: 'Non expirés',
    expired: 'Expirés',
  } satisfies Record<ExtractionExpiry, string>,
  noChoice: 'Aucun choix disponible.',
  reset: 'Effacer les filtres',
  counting: 'Comptage…',
  count: (count: number) =>
    count === 0 ? 'Aucun lead ne correspond.' : `${number(count)} lead${count > 1 ? 's' : ''} correspondent.`,
  countFailed: 'Le comptage a échoué.',
  failed: 'L’extraction a échoué.',
  columns: 'Colonnes',
  all: 'Tout',
  none: 'Rien',
  format: 'Format',
  formats: { csv: 'CSV (Excel, séparateur ;)', xlsx: 'XLSX (Excel)' },
  background: (max: number) =>
    `Au-delà de ${number(max)} lignes, et toujours en XLSX, le fichier est préparé en arrière-plan : il apparaît dans l’historique, téléchargeable 24 heures.`,
  extract: 'Extraire',
  extracting: 'Extraction…',
  queued: 'Extraction en cours…',
  progress: (done: number, total: number | null) =>
    total ? `Extraction en cours… ${number(done)} / ${number(total)} lignes` : 'Extraction en cours…',
  ready: 'Votre extraction est prête : téléchargez-la dans l’historique.',
  downloaded: (rows: number | null) =>
    rows === null ? 'Fichier téléchargé.' : `Fichier téléchargé (${number(rows)} lignes).`,
  history: 'Historique des extractions',
  historyEmpty: 'Aucune extraction pour le moment.',
  pagesLabel: 'Pages de l’historique des extractions',
  total: (count: number) => `${number(count)} extraction${count > 1 ? 's' : ''}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  historyColumns: {
    when: 'Date',
    who: 'Par',
    filters: 'Filtres',
    rows: 'Lignes',
    state: 'État',
    file: 'Fichier',
  },
  states: {
    streamed: 'Téléchargée',
    queued: 'En attente',
    running: 'En cours',
    done: 'Terminée',
    failed: 'Échouée',
  } satisfies Record<ExtractionState, string>,
  download: 'Télécharger',
  downloadLabel: (id: number) => `Télécharger l’extraction n° ${id}`,
  expired: 'Expiré',
  noFile: '—',
  noFilter: 'Tous les leads',
  filterCount: (count: number) => `${count} filtre${count > 1 ? 's' : ''}`,
  columnNames: EXTRACTION_COLUMN_LABELS,
  statusNames: EXTRACTION_STATUS_LABELS,
  substatusNames: EXTRACTION_SUBSTATUS_LABELS,
} as const
