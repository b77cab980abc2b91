// Mail transport: SMTP when SMTP_URL is set; otherwise the message is written to the server log.
// Every message is also kept in mail_outbox, which the dev mailbox reads outside production.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import { mailServerMissing } from '../config.ts'
import { mailOutbox } from '../db/schema.ts'

/** `html`: the HTML alternative (issue #15 templates); the dev mailbox keeps the text. */
export type Mail = { to: string; subject: string; text: string; html?: string }

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    mailer: { send: (mail: Mail) => Promise<void> }
  }
}

/**
 * How long one SMTP step (connecting, the greeting, each answer) may take, and twice that for a whole
 * send. A send runs inside a `mail-send` job that pg-boss retries once it has run MAIL_JOB_EXPIRY_SECONDS
 * (server/jobs/mail.ts), even if the first attempt is still talking to the server: the mail would
 * go twice, and a password mail's second link would invalidate the first. nodemailer's own defaults
 * (2 min to connect, 10 min of silence) outlast that; these end a stalled send well before it, as a
 * failure the job records and retries. SMTP_URL parameters may change the steps, not the whole.
 */
export const SMTP_STEP_TIMEOUT_MS = 30_000

async function mailerPlugin(app: FastifyInstance) {
  const { config } = app
  const step = config.smtpStepTimeoutMs ?? SMTP_STEP_TIMEOUT_MS
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: step,
        greetingTimeout: step,
        socketTimeout: step,
      })
    : undefined
  async function send(mail: Mail) {
    // The dev mailbox exists outside production only: in production a stored body would keep
    // password links readable in the database, which hashing the tokens is meant to prevent.
    if (config.appEnv !== 'production')
      await app.database.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text })
    if (transport) {
      await transport.sendMail({ from: config.mailFrom, ...mail, signal: AbortSignal.timeout(2 * step) })
      return
    }
    // No SMTP: outside production the log is the transport (reset links are single-use, one hour).
    // In production a mail body may hold a secret link, so only the fact is logged.
    if (config.appEnv === 'production') {
      app.log.warn(
        { mail: { to: mail.to, subject: mail.subject } },
        'mail not delivered: SMTP_URL is not set',
      )
    } else {
      app.log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'mail (no SMTP configured)',
      )
    }
  }
  // Issue #31: production without a mail server sends nothing; the operator hears it at start.
  if (mailServerMissing(config))
    app.log.warn(
      'SMTP_URL is not set: no e-mail will be sent (welcome and reset links, appointment mails); new users get their link from the administrator who creates them',
    )
  app.decorate('mailer', { send })
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['database'] })
