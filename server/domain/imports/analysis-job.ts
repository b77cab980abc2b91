// The whole-file analysis's job (queue 'lead-import-analyse', issue #13): analyses the uploaded file,
// then tells the page. Its queue module is server/jobs/import-analysis.ts.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'pg-boss'
import { imports } from '../../db/schema.ts'
import { analyseImport } from './analysis.ts'
import { announceImportState } from './progress.ts'
import type { AnalyseJobData } from './settings.ts'

export const ANALYSE_RETRY_LIMIT = 2
export const ANALYSIS_FAILED_MESSAGE = 'L’analyse du fichier a échoué. Réessayez ou envoyez un autre fichier.'

/** One attempt; the last failing attempt leaves the import 'failed' with a French reason. */
export async function runAnalysisJob(app: FastifyInstance, job: Job<AnalyseJobData>): Promise<void> {
  const { importId, version } = job.data
  try {
    if (await analyseImport(app.database.db, app.config.filesDir, importId, version)) {
      const [row] = await app.database.db.select().from(imports).where(eq(imports.id, importId))
      // Discarded since the analysis ended: nothing to announce.
      if (!row) return
      await announceImportState(app, {
        importId,
        state: row.state,
        rowsDone: 0,
        totalRows: row.totalRows,
      })
    }
  } catch (error) {
    app.log.error({ err: error, importId }, 'imports: analysis failed')
    if (job.retryCount >= ANALYSE_RETRY_LIMIT)
      await app.database.db
        .update(imports)
        .set({ state: 'failed', error: ANALYSIS_FAILED_MESSAGE })
        .where(and(eq(imports.id, importId), eq(imports.version, version), eq(imports.state, 'analysing')))
    throw error
  }
}
