// E-mails (issue #15, docs/domain.md "E-mails"): the worker of the durable send queue. Every process
// works it; a mail is taken by one of them, retried on failure (server/domain/mails/send.ts).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { deliverMail, MAIL_QUEUE, MAIL_RETRY, type MailJobData } from '../domain/mails/send.ts'

/**
 * After this long pg-boss counts an attempt as lost and retries it, whether or not it still runs: the
 * mailer's SMTP bounds (server/plugins/mailer.ts, 60 s for a whole send) keep every attempt well inside.
 */
export const MAIL_JOB_EXPIRY_SECONDS = 120

async function mailsPlugin(app: FastifyInstance) {
  app.jobs.work<MailJobData>(
    MAIL_QUEUE,
    {
      ...MAIL_RETRY,
      expireInSeconds: MAIL_JOB_EXPIRY_SECONDS,
      localConcurrency: 2,
      pollingIntervalSeconds: 2,
    },
    (job) => deliverMail(app, job),
  )
}

export default fp(mailsPlugin, { name: 'mails', dependencies: ['database', 'jobs', 'mailer'] })
