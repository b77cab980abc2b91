// The import job (queue 'lead-import', issue #13 "Import as a background job"; docs/architecture.md
// "Lead import"): reads the stored file from the line after the checkpoint and writes it in batches
// (import-batch.ts). Between batches it honours a cancel request, publishes progress and yields. A
// process that stops aborts its job, which the engine retries elsewhere (or after a restart); a process
// that dies stops heartbeating and its job is retried the same way: the retry resumes from the checkpoint.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Job } from 'pg-boss'
import type { ImportState } from '../../../src/contracts/imports.ts'
import { rowsOf } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { marketsOfMission } from './analysis.ts'
import { batchTuning, StaleRunError, writeValidated, type ValidatedRow } from './batch.ts'
import { storedFilePath } from './files.ts'
import { createProgress } from './progress.ts'
import { findImport, headerLineOf, type ImportRow } from './store.ts'
import { ImportFileError } from './file-rows.ts'
import { readValidatedRows } from './read-file.ts'
import { createPacer, FLOOR_PACE, requestsRunning, yieldToEventLoop } from './yield.ts'

export const IMPORT_QUEUE = 'lead-import'
export const IMPORT_RETRY_LIMIT = 5
export type ImportJobData = { importId: number }

export const IMPORT_FAILED_MESSAGE =
  'L’import s’est arrêté sur une erreur après plusieurs tentatives. Les lignes déjà importées sont conservées.'

export class ImportAbortedError extends Error {
  override name = 'ImportAbortedError'
}

export type RunOptions = {
  signal?: AbortSignal
  /** Test hook: called after each committed batch (a throw simulates a crash there). */
  afterBatch?: (batches: number) => void | Promise<void>
}

async function setState(
  app: FastifyInstance,
  row: ImportRow,
  from: ImportState[],
  values: PgUpdateSetSource<typeof imports>,
): Promise<ImportRow | null> {
  const [updated] = await app.database.db
    .update(imports)
    .set(values)
    .where(and(eq(imports.id, row.id), inArray(imports.state, from)))
    .returning()
  return updated ?? null
}

/** The markets the import's leads went to (the history's column), kept when the run ends. */
async function endValues(app: FastifyInstance, row: ImportRow, state: ImportState) {
  const result = await app.database.db.execute(
    sql`select distinct market_id from leads where import_id = ${row.id} order by market_id`,
  )
  const marketIds = rowsOf<{ market_id: number }>(result).map((item) => Number(item.market_id))
  return {
    state,
    finishedAt: new Date(),
    preview: sql`${imports.preview} || ${JSON.stringify({ marketIds })}::jsonb`,
  }
}

async function end(app: FastifyInstance, row: ImportRow, state: 'done' | 'cancelled', send: Send) {
  const ended = await setState(app, row, ['running'], await endValues(app, row, state))
  if (ended) await send({ state, rowsDone: ended.rowsDone, totalRows: ended.totalRows }, true)
}

type Send = ReturnType<typeof createProgress>['send']

/** Runs (or resumes) the import; returns when it is done, cancelled or failed on its file. */
export async function runImport(
  app: FastifyInstance,
  importId: number,
  options: RunOptions = {},
): Promise<void> {
  const { db } = app.database
  let row = await findImport(db, importId)
  if (row.state !== 'queued' && row.state !== 'running') return
  const progress = createProgress(app, row.id, row.rowsDone)
  if (row.cancelRequested) {
    if (row.state === 'queued') await setState(app, row, ['queued'], { state: 'running' })
    return end(app, row, 'cancelled', progress.send)
  }
  const running = await setState(app, row, ['queued', 'running'], {
    state: 'running',
    startedAt: row.startedAt ?? new Date(),
  })
  if (!running) return
  row = running
  const marketList = await marketsOfMission(db, row.missionId!)
  const context = { markets: marketList, marketMode: row.marketMode!, now: new Date() }
  const tuning = batchTuning(app.database.kind)
  // Agents first (issue #30 point 4): the batches go through the imports' own connections, and
  // while agents' requests run the import slows to its floor pace.
  const pace = createPacer(FLOOR_PACE[app.database.kind], requestsRunning(app.database, app.requestsInFlight))
  let fromLine = row.lastLine
  let pending: ValidatedRow[] = []
  let batches = 0
  // One batch is written while the next one is read and validated (PostgreSQL works in its own
  // process meanwhile); never two writes at once: each starts from the line the previous one ended.
  let inflight: Promise<boolean> | null = null

  /** Writes the rows; true when the run must stop (cancelled). */
  async function flush(rows: ValidatedRow[]): Promise<boolean> {
    const totals = await writeValidated(app.database.background, row, rows, fromLine, tuning)
    fromLine = rows.at(-1)!.line
    await options.afterBatch?.(++batches)
    if (totals.cancelRequested) {
      await end(app, row, 'cancelled', progress.send)
      return true
    }
    await progress.send({ state: 'running', rowsDone: totals.rowsDone, totalRows: totals.totalRows })
    if (options.signal?.aborted) throw new ImportAbortedError(`import ${row.id}: stopped at line ${fromLine}`)
    await pace(rows.length)
    return false
  }
  async function settle(): Promise<boolean> {
    const stop = inflight ? await inflight : false
    inflight = null
    return stop
  }
  async function launch(): Promise<boolean> {
    if (await settle()) return true
    inflight = flush(pending)
    inflight.catch(() => {}) // awaited by the next settle()
    pending = []
    return false
  }

  try {
    const filePath = storedFilePath(app.config.filesDir, row.storedFile!)
    let sinceYield = 0
    // Parsed and validated in the reading thread (issue #26), from the line after the checkpoint.
    const validation = { columns: row.columns, context, fromLine }
    const rows = readValidatedRows(filePath, row.fileKind, validation, headerLineOf(row))
    for await (const { line, cells, result } of rows) {
      pending.push({ line, cells, result })
      if (++sinceYield >= tuning.validateRows) {
        sinceYield = 0
        await yieldToEventLoop()
      }
      if (pending.length >= tuning.batchRows && (await launch())) return
    }
    if (pending.length > 0 && (await launch())) return
    if (await settle()) return
  } catch (error) {
    // The batch in flight ends (committed or not) before the run's state changes.
    await (inflight as Promise<boolean> | null)?.catch(() => {})
    if (!(error instanceof ImportFileError)) throw error
    await setState(app, row, ['running'], { state: 'failed', error: error.message, finishedAt: new Date() })
    return
  }
  await end(app, row, 'done', progress.send)
}

/**
 * One attempt of the queue's job (its queue module: server/jobs/import.ts). `closing` aborts when the
 * process closes: the run hands the import over at the next batch instead of finishing it first (the
 * engine's graceful stop would wait for it). A run that fails for good leaves the import 'failed'
 * with a French reason.
 */
export async function runImportJob(
  app: FastifyInstance,
  job: Job<ImportJobData>,
  closing: AbortSignal,
): Promise<void> {
  try {
    await runImport(app, job.data.importId, { signal: AbortSignal.any([job.signal, closing]) })
  } catch (error) {
    // Another runner holds the import (it advanced the checkpoint first): nothing to do here.
    if (error instanceof StaleRunError) return
    if (!(error instanceof ImportAbortedError))
      app.log.error({ err: error, importId: job.data.importId }, 'imports: run failed')
    if (!job.signal.aborted && !closing.aborted && job.retryCount >= IMPORT_RETRY_LIMIT) {
      const row = await findImport(app.database.db, job.data.importId)
      await setState(app, row, ['queued', 'running'], {
        state: 'failed',
        error: IMPORT_FAILED_MESSAGE,
        finishedAt: new Date(),
      })
    }
    throw error
  }
}
