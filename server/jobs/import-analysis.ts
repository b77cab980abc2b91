// The import's whole-file analysis (issue #13): sent when an administrator uploads a file or changes
// its settings (server/domain/imports/settings.ts), run by server/domain/imports/analysis-job.ts.
import { ANALYSE_RETRY_LIMIT, runAnalysisJob } from '../domain/imports/analysis-job.ts'
import { ANALYSE_QUEUE, type AnalyseJobData } from '../domain/imports/settings.ts'
import { jobQueue } from './queue.ts'

export const importAnalysisQueue = jobQueue<AnalyseJobData>({
  name: ANALYSE_QUEUE,
  options: () => ({
    retryLimit: ANALYSE_RETRY_LIMIT,
    retryDelay: 1,
    expireInSeconds: 3600,
    heartbeatSeconds: 10,
  }),
  handler: (app) => (job) => runAnalysisJob(app, job),
})
