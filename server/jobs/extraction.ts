// The background extraction (issue #13, docs/domain.md "Extractions"): sent by
// server/domain/extractions/changes.ts for a large CSV or any XLSX, run by
// server/domain/extractions/job.ts. A crashed run is taken again (from the first row); a failure is
// recorded, not retried.
import { EXTRACTION_QUEUE, type ExtractionJob } from '../domain/extractions/changes.ts'
import { runExtractionJob } from '../domain/extractions/job.ts'
import { jobQueue } from './queue.ts'

export const extractionQueue = jobQueue<ExtractionJob>({
  name: EXTRACTION_QUEUE,
  options: () => ({ retryLimit: 2, retryDelay: 5, expireInSeconds: 3_600, heartbeatSeconds: 30 }),
  handler: (app) => (job) =>
    runExtractionJob(app.database.db, app.config.filesDir, job.data.extractionId, (error) =>
      app.log.error({ err: error, extractionId: job.data.extractionId }, 'extraction failed'),
    ),
})
