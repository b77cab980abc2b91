// SMS (issue #15 "SMS", docs/domain.md "SMS"): the durable send job's worker (server/domain/sms/
// send-job.ts) and `app.sms.now`, the clock the quiet hours read (the wall clock, or SMS_CLOCK outside
// production). Registered after telephony (the provider sends).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { smsClock } from '../domain/sms/rules.ts'
import { runSmsSend } from '../domain/sms/send-job.ts'
import { SMS_SEND_ATTEMPTS, SMS_SEND_QUEUE } from '../domain/sms/send.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    sms: { now: () => Date }
  }
}

async function smsPlugin(app: FastifyInstance) {
  app.decorate('sms', { now: smsClock(app.config) })
  app.jobs.work<{ id: number }>(
    SMS_SEND_QUEUE,
    {
      retryLimit: SMS_SEND_ATTEMPTS - 1,
      retryDelay: app.config.sms.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
      localConcurrency: 2,
    },
    (job) => runSmsSend(app, job.data.id),
  )
}

export default fp(smsPlugin, { name: 'sms', dependencies: ['jobs', 'telephony'] })
