// E-mails (issue #15, docs/domain.md "E-mails"): the worker of the durable send queue. Every process
// works it; a mail is taken by one of them, retried on failure (server/domain/mails/send.ts).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { deliverMail, MAIL_QUEUE, MAIL_RETRY, type MailJobData } from '../domain/mails/send.ts'

async function mailsPlugin(app: FastifyInstance) {
  app.jobs.work<MailJobData>(
    MAIL_QUEUE,
    { ...MAIL_RETRY, expireInSeconds: 120, localConcurrency: 2, pollingIntervalSeconds: 2 },
    (job) => deliverMail(app, job),
  )
}

export default fp(mailsPlugin, { name: 'mails', dependencies: ['database', 'jobs', 'mailer'] })
