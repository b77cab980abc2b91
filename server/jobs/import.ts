// The import itself (issue #13 "Import as a background job"): sent when an administrator starts it
// (server/domain/imports/actions.ts), run by server/domain/imports/job.ts from its checkpoint.
import { IMPORT_QUEUE, IMPORT_RETRY_LIMIT, runImportJob, type ImportJobData } from '../domain/imports/job.ts'
import { jobQueue } from './queue.ts'

export const importQueue = jobQueue<ImportJobData>({
  name: IMPORT_QUEUE,
  options: () => ({
    retryLimit: IMPORT_RETRY_LIMIT,
    retryDelay: 1,
    retryBackoff: true,
    // A 500,000-row file on the embedded database may take a while; the heartbeat tells a live
    // runner from a dead one long before this.
    expireInSeconds: 4 * 3600,
    heartbeatSeconds: 10,
  }),
  handler: (app) => {
    // A closing process hands its imports over at the next batch instead of finishing them first
    // (the engine's graceful stop would wait for the handler).
    const closing = new AbortController()
    app.addHook('preClose', async () => closing.abort())
    return (job) => runImportJob(app, job, closing.signal)
  },
})
