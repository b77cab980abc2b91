// Mail transport: SMTP when SMTP_URL is set; otherwise the message is written to the server log.
// Every message is also kept in mail_outbox, which the dev mailbox reads outside production.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import { mailOutbox } from '../db/schema.ts'

/** `html`: the HTML alternative (issue #15 templates); the dev mailbox keeps the text. */
export type Mail = { to: string; subject: string; text: string; html?: string }

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    mailer: { send: (mail: Mail) => Promise<void> }
  }
}

async function mailerPlugin(app: FastifyInstance) {
  const { config } = app
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined
  async function send(mail: Mail) {
    // The dev mailbox exists outside production only: in production a stored body would keep
    // password links readable in the database, which hashing the tokens is meant to prevent.
    if (config.appEnv !== 'production')
      await app.database.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text })
    if (transport) {
      await transport.sendMail({ from: config.mailFrom, ...mail })
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
  app.decorate('mailer', { send })
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['database'] })
