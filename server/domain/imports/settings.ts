// PUT /api/imports/{id}/settings (issue #13): the mission, the market mode, the columns and the
// duplicate policy of an import not yet started; checked (French field errors), optionally saved as
// a named mapping, and the whole-file analysis queued in the same transaction (docs/domain.md "Lead import").
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type {
  ImportColumnMapping,
  ImportDetail,
  ImportSettings,
  ImportState,
} from '../../../src/contracts/imports.ts'
import { IMPORT_LEAD_FIELDS } from '../../../src/contracts/imports.ts'
import { imports, markets, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import type { Tx } from '../audit/trail.ts'
import { saveMapping } from './mappings.ts'
import { detailOf, filePreviewOf, findImport, previewOf } from './store.ts'

export const ANALYSE_QUEUE = 'lead-import-analyse'
export type AnalyseJobData = { importId: number; version: number }

/** Settings change until the import is started. */
const SETTABLE: readonly ImportState[] = ['uploaded', 'analysing', 'ready']

const FIELD_NAMES: Record<(typeof IMPORT_LEAD_FIELDS)[number], string> = {
  firstName: 'prénom',
  lastName: 'nom',
  phone: 'téléphone',
  secondaryPhone: 'téléphone 2',
  email: 'e-mail',
  address: 'adresse',
  postalCode: 'code postal',
  city: 'ville',
  meetRequestDate: 'date de demande',
  comment: 'commentaire',
  market: 'marché',
}

/** The columns' problems, in French (exactly one phone and one last name; no field twice; known positions). */
export function checkColumns(
  columns: ImportColumnMapping[],
  headerCount: number,
  marketColumn: boolean,
): string | null {
  const positions = new Set<number>()
  for (const column of columns) {
    if (column.index >= headerCount) return `La colonne n° ${column.index + 1} n’existe pas dans le fichier.`
    if (positions.has(column.index)) return `La colonne n° ${column.index + 1} est décrite deux fois.`
    positions.add(column.index)
  }
  for (const field of IMPORT_LEAD_FIELDS) {
    const count = columns.filter((column) => column.target === field).length
    const required = field === 'phone' || field === 'lastName' || (field === 'market' && marketColumn)
    if (required && count === 0) return `Choisissez la colonne du ${FIELD_NAMES[field]}.`
    if (count > 1) return `Une seule colonne peut remplir le champ ${FIELD_NAMES[field]}.`
  }
  return null
}

async function checkTarget(tx: Tx, settings: ImportSettings): Promise<void> {
  const [mission] = await tx
    .select({ id: missions.id, archivedAt: missions.archivedAt })
    .from(missions)
    .where(eq(missions.id, settings.missionId))
  if (!mission) throw errors.invalid('Mission introuvable.', { missionId: 'Mission introuvable.' })
  if (mission.archivedAt)
    throw errors.invalid('Cette mission est archivée : choisissez-en une autre.', {
      missionId: 'Mission archivée.',
    })
  const { marketMode } = settings
  const where =
    marketMode.kind === 'fixed'
      ? and(eq(markets.missionId, mission.id), eq(markets.id, marketMode.marketId))
      : eq(markets.missionId, mission.id)
  const [market] = await tx.select({ id: markets.id }).from(markets).where(where).limit(1)
  if (market) return
  const message =
    marketMode.kind === 'fixed'
      ? 'Ce marché n’appartient pas à la mission choisie.'
      : 'Cette mission n’a aucun marché.'
  throw errors.invalid(message, { marketMode: message })
}

export async function updateImportSettings(
  app: FastifyInstance,
  userId: number,
  id: number,
  settings: ImportSettings,
): Promise<ImportDetail> {
  return app.database.db.transaction(async (tx) => {
    const row = await findImport(tx, id, true)
    await assertVersion(row.version, settings.version, () => detailOf(tx, row))
    if (!SETTABLE.includes(row.state))
      throw errors.conflict('Cet import est déjà lancé : ses réglages ne peuvent plus changer.')
    await checkTarget(tx, settings)
    const headers = previewOf(row).headers ?? []
    // The headers are the file's, whatever the client sent.
    const columns = settings.columns.map((column) => ({
      ...column,
      header: headers[column.index] ?? column.header,
    }))
    const problem = checkColumns(columns, headers.length, settings.marketMode.kind === 'column')
    if (problem) throw errors.invalid(problem, { columns: problem })
    const mappingId = settings.saveMappingAs
      ? await saveMapping(tx, settings.saveMappingAs, columns, userId)
      : row.mappingId
    const version = row.version + 1
    const [updated] = await tx
      .update(imports)
      .set({
        missionId: settings.missionId,
        marketMode: settings.marketMode,
        columns,
        duplicatePolicy: settings.duplicatePolicy,
        mappingId,
        state: 'analysing',
        totalRows: 0,
        validRows: 0,
        errorRows: 0,
        duplicateRows: 0,
        error: null,
        preview: filePreviewOf(row),
        version,
      })
      .where(eq(imports.id, id))
      .returning()
    await app.jobs.send<AnalyseJobData>(ANALYSE_QUEUE, { importId: id, version }, { tx })
    return detailOf(tx, updated!)
  })
}
