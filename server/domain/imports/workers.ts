// The import's two queues (issue #13): the whole-file analysis and the import itself. Registered
// while the routes register (server/routes/imports), run by every process (server/plugins/jobs.ts).
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { imports } from '../../db/schema.ts'
import { analyseImport } from './analysis.ts'
import { registerImportJob } from './job.ts'
import { announceImportState } from './progress.ts'
import { findImport } from './store.ts'
import { ANALYSE_QUEUE, type AnalyseJobData } from './settings.ts'

const ANALYSE_RETRY_LIMIT = 2
export const ANALYSIS_FAILED_MESSAGE = 'L’analyse du fichier a échoué. Réessayez ou envoyez un autre fichier.'

export function registerImportWorkers(app: FastifyInstance): void {
  app.jobs.work<AnalyseJobData>(
    ANALYSE_QUEUE,
    { retryLimit: ANALYSE_RETRY_LIMIT, retryDelay: 1, expireInSeconds: 3600, heartbeatSeconds: 10 },
    async (job) => {
      const { importId, version } = job.data
      try {
        if (await analyseImport(app.database.db, app.config.filesDir, importId, version)) {
          const row = await findImport(app.database.db, importId)
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
            .where(
              and(eq(imports.id, importId), eq(imports.version, version), eq(imports.state, 'analysing')),
            )
        throw error
      }
    },
  )
  registerImportJob(app)
}
