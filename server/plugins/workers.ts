// The workers of every background queue (issue #28 point 3): one `app.jobs.work` per queue of
// server/jobs/queues.ts, and nowhere else (a lint rule holds it). Every process works every queue; a
// job is taken by one of them (server/plugins/jobs.ts). Registered after the plugins the jobs use.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { JOB_QUEUES } from '../jobs/queues.ts'

async function workersPlugin(app: FastifyInstance) {
  for (const queue of JOB_QUEUES) app.jobs.work(queue.name, queue.options(app), queue.handler(app))
}

export default fp(workersPlugin, {
  name: 'workers',
  dependencies: ['database', 'jobs', 'session', 'idempotency', 'push', 'mailer', 'telephony', 'sms'],
})
