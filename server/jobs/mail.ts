// The mail send queue (issue #15, docs/domain.md "E-mails"): every process works it; a mail is taken
// by one of them, retried on failure (server/domain/mails/send.ts).
import { deliverMail, MAIL_QUEUE, MAIL_RETRY, type MailJobData } from '../domain/mails/send.ts'
import { jobQueue } from './queue.ts'

/**
 * After this long pg-boss counts an attempt as lost and retries it, whether or not it still runs: the
 * mailer's SMTP bounds (server/plugins/mailer.ts, 60 s for a whole send) keep every attempt well inside.
 */
export const MAIL_JOB_EXPIRY_SECONDS = 120

export const mailQueue = jobQueue<MailJobData>({
  name: MAIL_QUEUE,
  options: () => ({
    ...MAIL_RETRY,
    expireInSeconds: MAIL_JOB_EXPIRY_SECONDS,
    localConcurrency: 2,
    pollingIntervalSeconds: 2,
  }),
  handler: (app) => (job) => deliverMail(app, job),
})
