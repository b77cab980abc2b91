// Extractions (issue #13, docs/domain.md "Extractions"): every extraction is recorded with its audit
// entry before a byte leaves; a CSV up to the streaming limit goes straight into the response, a
// larger one and every XLSX become a background job ('lead-extraction') whose file is kept 24 hours.
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { ExtractionBody } from '../../../src/contracts/extractions.ts'
import type { Db } from '../../db/client.ts'
import { extractions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { csvStream } from './files.ts'
import { countExtraction } from './query.ts'
import { assertExtractionScope } from './scope.ts'
import { extractionChunks } from './rows.ts'
import type { LeadActor } from '../leads/access.ts'

export const EXTRACTION_QUEUE = 'lead-extraction'
/** write-excel-file builds the whole sheet in memory: XLSX stops here (CSV has no limit). */
export const XLSX_MAX_ROWS = 100_000
/** How long a background extraction's file can be downloaded. */
export const EXTRACTION_FILE_HOURS = 24

export type ExtractionJob = { extractionId: number }

export type StartedExtraction =
  | { kind: 'stream'; id: number; fileName: string; contentType: string; stream: Readable }
  | { kind: 'queued'; id: number; rowCount: number }

type Sender = (tx: Db, data: ExtractionJob) => Promise<unknown>

/** A file name the server makes (never from the request): date and id. */
export function extractionFileName(id: number, format: 'csv' | 'xlsx', at = new Date()): string {
  return `extraction-${at.toISOString().slice(0, 10)}-${id}.${format}`
}

/** The name in FILES_DIR: random, so a name cannot be guessed from the id. */
export function storedExtractionName(id: number, format: 'csv' | 'xlsx'): string {
  return `extraction-${id}-${randomBytes(12).toString('hex')}.${format}`
}

async function record(
  tx: Tx,
  actor: LeadActor,
  body: ExtractionBody,
  state: 'streamed' | 'queued',
  count: number,
) {
  const [row] = await tx
    .insert(extractions)
    .values({
      createdBy: actor.id,
      filters: body.filters,
      columns: [...body.columns],
      format: body.format,
      state,
      rowCount: count,
    })
    .returning({ id: extractions.id, createdAt: extractions.createdAt })
  await recordAudit(tx, {
    userId: actor.id,
    entity: 'extraction',
    entityId: row!.id,
    action: 'extract',
    after: { format: body.format, rows: count, columns: body.columns.length, state },
  })
  return row!
}

/**
 * Starts an extraction: refuses a mission or market the actor does not see (404, nothing recorded;
 * issue #26), counts the matching leads, records it, then either returns the CSV stream (at most
 * `streamMaxRows` rows) or queues the job in the same transaction as its record.
 */
export async function startExtraction(
  db: Db,
  actor: LeadActor,
  body: ExtractionBody,
  { streamMaxRows, send }: { streamMaxRows: number; send: Sender },
): Promise<StartedExtraction> {
  await assertExtractionScope(db, actor, body.filters)
  const count = await countExtraction(db, actor, body.filters)
  if (body.format === 'xlsx' && count > XLSX_MAX_ROWS)
    throw errors.invalid(
      `Au-delà de ${XLSX_MAX_ROWS.toLocaleString('fr-FR')} lignes, choisissez le format CSV (${count.toLocaleString('fr-FR')} leads correspondent).`,
    )
  if (body.format === 'csv' && count <= streamMaxRows) {
    const row = await record(db, actor, body, 'streamed', count)
    const chunks = extractionChunks(db, { actor, filters: body.filters, columns: body.columns })
    let written = 0
    const stream = csvStream(chunks, body.columns, (rowsDone) => {
      written = rowsDone
    })
    // The recorded count is what was actually written (rows may change while the file streams).
    stream.once('end', () => {
      void db
        .update(extractions)
        .set({ rowCount: written, rowsDone: written, finishedAt: new Date() })
        .where(eq(extractions.id, row.id))
        .catch(() => undefined)
    })
    return {
      kind: 'stream',
      id: row.id,
      fileName: extractionFileName(row.id, 'csv', row.createdAt),
      contentType: 'text/csv; charset=utf-8',
      stream,
    }
  }
  const id = await db.transaction(async (tx) => {
    const row = await record(tx, actor, body, 'queued', count)
    await send(tx as unknown as Db, { extractionId: row.id })
    return row.id
  })
  return { kind: 'queued', id, rowCount: count }
}
