// The scheduled jobs (issue #15, docs/domain.md "Scheduled jobs"): one queue per job of the catalogue
// (server/domain/crons/catalogue.ts), run by server/domain/crons/runner.ts. The schedules that send
// their jobs are written by server/plugins/crons.ts.
// - 'stately' queue policy: at most one run waiting and one running, and a waiting run is not taken
//   while another runs (pg-boss's singleton fetch): a job never overlaps itself, across processes.
// - A heartbeat (CRON_HEARTBEAT_SECONDS, issue #30): the run of a process that died stops beating and
//   is given up at the next supervision pass, so the queue's next run starts within a minute instead
//   of waiting for the job's expiry (which still bounds a live run that hangs).
import { CRON_CATALOGUE, type CronDefinition } from '../domain/crons/catalogue.ts'
import { runCron, type CronJobData } from '../domain/crons/runner.ts'
import { jobQueue, type JobQueue } from './queue.ts'

/**
 * An idle worker asks for a job this often: a scheduled occurrence is forwarded by pg-boss's own cron
 * worker every 5 s anyway, and "run now" wakes this process's worker at once (app.jobs.wake).
 */
const POLLING_SECONDS = 5

function cronQueue(cron: CronDefinition): JobQueue {
  return jobQueue<CronJobData>({
    name: cron.key,
    options: (app) => ({
      policy: 'stately',
      retryLimit: cron.retryLimit,
      retryDelay: cron.retryDelaySeconds,
      expireInSeconds: cron.expireInSeconds,
      heartbeatSeconds: app.config.cronHeartbeatSeconds,
      pollingIntervalSeconds: POLLING_SECONDS,
    }),
    handler: (app) => (job) => runCron(app, cron, job),
  })
}

export const cronQueues: readonly JobQueue[] = CRON_CATALOGUE.map(cronQueue)
