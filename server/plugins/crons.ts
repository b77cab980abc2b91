// The scheduled jobs (issue #15, docs/domain.md "Scheduled jobs"): one pg-boss queue per catalogue
// job (server/domain/crons/catalogue.ts), worked by every process.
// - 'stately' queue policy: at most one run waiting and one running, and a waiting run is not taken
//   while another runs (pg-boss's singleton fetch): a job never overlaps itself, across processes.
// - pg-boss's schedules: one job per occurrence across every process, kept in the database (so they
//   survive restarts), `missed: 'once'` catching up a downtime with one run on start.
// - On start each process writes the schedules as cron_settings say (server/domain/crons/schedules.ts).
// Registered after the plugins the jobs use (telephony, sessions, push, mailer).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CRON_CATALOGUE } from '../domain/crons/catalogue.ts'
import { runCron, type CronJobData } from '../domain/crons/runner.ts'
import { syncCronSchedules } from '../domain/crons/schedules.ts'

/**
 * An idle worker asks for a job this often: a scheduled occurrence is forwarded by pg-boss's own cron
 * worker every 5 s anyway, and "run now" wakes this process's worker at once (app.jobs.wake).
 */
const POLLING_SECONDS = 5

async function cronsPlugin(app: FastifyInstance) {
  for (const job of CRON_CATALOGUE) {
    app.jobs.work<CronJobData>(
      job.key,
      {
        policy: 'stately',
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        expireInSeconds: job.expireInSeconds,
        pollingIntervalSeconds: POLLING_SECONDS,
      },
      (pgJob) => runCron(app, job, pgJob),
    )
  }
  // After the job engine's own onReady (registered before this plugin): the queues exist.
  app.addHook('onReady', async () => {
    await syncCronSchedules(app)
  })
}

export default fp(cronsPlugin, {
  name: 'crons',
  dependencies: ['database', 'jobs', 'session', 'idempotency', 'push', 'mailer', 'telephony'],
})
