// The scheduled jobs (issue #15, docs/domain.md "Scheduled jobs"): their queues and workers are in
// server/jobs/crons.ts (registered by server/plugins/workers.ts); this plugin writes their schedules.
// - pg-boss's schedules: one job per occurrence across every process, kept in the database (so they
//   survive restarts), `missed: 'once'` catching up a downtime with one run on start.
// - On start each process writes the schedules as cron_settings say (server/domain/crons/schedules.ts).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { syncCronSchedules } from '../domain/crons/schedules.ts'

async function cronsPlugin(app: FastifyInstance) {
  // After the job engine's own onReady (registered before this plugin): the queues exist.
  app.addHook('onReady', async () => {
    await syncCronSchedules(app)
  })
}

export default fp(cronsPlugin, { name: 'crons', dependencies: ['database', 'jobs', 'workers'] })
