// The SMS send queue (issue #15 "SMS", docs/domain.md "SMS"): the durable send job
// (server/domain/sms/send-job.ts), retried with backoff.
import { runSmsSend } from '../domain/sms/send-job.ts'
import { SMS_SEND_ATTEMPTS, SMS_SEND_QUEUE } from '../domain/sms/send.ts'
import { jobQueue } from './queue.ts'

export const smsQueue = jobQueue<{ id: number }>({
  name: SMS_SEND_QUEUE,
  options: (app) => ({
    retryLimit: SMS_SEND_ATTEMPTS - 1,
    retryDelay: app.config.sms.retryDelaySeconds,
    retryBackoff: true,
    ...(app.config.sms.retryDelayMaxSeconds ? { retryDelayMax: app.config.sms.retryDelayMaxSeconds } : {}),
    expireInSeconds: 120,
    localConcurrency: 2,
  }),
  handler: (app) => (job) => runSmsSend(app, job.data.id),
})
