// Sending (issue #15 "E-mails", docs/domain.md "E-mails"): a mail is a mail_log row plus a job of the
// durable queue 'mail-send', written together, so the request that asks for a mail (a booking, a
// password link) never waits on SMTP and a mail is never lost to a crash. The job renders the template
// as it is at send time, adds a fresh password link for link mails (never stored: the log and the job
// hold no token), sends through app.mailer and records the outcome; failures are retried.
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'pg-boss'
import type { MailTemplateKey } from '../../../src/contracts/mails.ts'
import type { Db } from '../../db/client.ts'
import { appointments, mailLog, users } from '../../db/schema.ts'
import {
  linkOrigin,
  passwordLinkUrl,
  passwordTokenForMail,
  RESET_TOKEN_TTL_MS,
} from '../access/password-reset.ts'
import { getOrCreateSecret } from '../../lib/secrets.ts'

/** The server secret password-mail links are derived with (`app_secrets`, made once). */
const PASSWORD_LINK_SECRET = 'password-links'
import { MAIL_CATALOGUE, MASKED_LINK } from './catalogue.ts'
import { renderMail, type RenderedMail } from './render.ts'
import { readTemplate } from './templates.ts'

export const MAIL_QUEUE = 'mail-send'

/** Attempts of one mail: the first and four retries, 30 s, 60 s, 120 s, 240 s apart. */
export const MAIL_RETRY = { retryLimit: 4, retryDelay: 30, retryBackoff: true } as const

export type MailJobData = { logId: number }

export type MailRequest = {
  template: MailTemplateKey
  to: string
  variables: Record<string, string>
  leadId?: number | null
  userId?: number | null
  appointmentId?: number | null
  requestedBy?: number | null
  resendOf?: number | null
  /** A test send: the rendered sample, sent as it is. */
  rendered?: RenderedMail
}

export const mailErrors = {
  appointmentGone: 'Rendez-vous annulé ou déplacé avant l’envoi : rappel non envoyé.',
  /** Issue #30: a reminder is useful only before its appointment starts. */
  tooLate: 'Non envoyé : trop tard.',
  noSmtp: 'Aucun serveur d’envoi (SMTP_URL) n’est configuré : e-mail non envoyé.',
  userGone: 'Utilisateur introuvable ou désactivé : lien non envoyé.',
} as const

/** Writes the log row and its job (in `tx` when given: the mail exists only if `tx` commits). */
export async function queueMail(app: FastifyInstance, request: MailRequest, tx?: Db): Promise<number> {
  const db = tx ?? app.database.db
  const { rendered, ...fields } = request
  const [row] = await db
    .insert(mailLog)
    .values({
      ...fields,
      ...rendered,
      test: rendered !== undefined,
      variables: withoutLink(request.variables),
    })
    .returning({ id: mailLog.id })
  await sendJob(app, row!.id, tx)
  return row!.id
}

export async function sendJob(app: FastifyInstance, logId: number, tx?: Db): Promise<void> {
  await app.jobs.send<MailJobData>(MAIL_QUEUE, { logId }, { ...MAIL_RETRY, ...(tx ? { tx } : {}) })
  // Outside a transaction the job is visible now: this process's worker takes it at once.
  if (!tx) app.jobs.wake(MAIL_QUEUE)
}

function withoutLink(variables: Record<string, string>): Record<string, string> {
  const { lien: _lien, ...rest } = variables
  return rest
}

type LogRow = typeof mailLog.$inferSelect

/**
 * Why this mail must not go (the appointment it reminds of is cancelled or has started, the user
 * left), or null.
 */
async function refusal(db: Db, row: LogRow): Promise<string | null> {
  if (row.template === 'appointment-reminder' && row.appointmentId !== null) {
    const [appointment] = await db
      .select({ cancelledAt: appointments.cancelledAt, startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, row.appointmentId))
    if (!appointment || appointment.cancelledAt) return mailErrors.appointmentGone
    if (appointment.startsAt.getTime() <= Date.now()) return mailErrors.tooLate
  }
  if (MAIL_CATALOGUE[row.template].passwordLink) {
    const [user] = await db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, row.userId ?? 0))
    if (!user || user.status !== 'ACTIVE') return mailErrors.userGone
  }
  return null
}

/** The password link of a link mail, issued now (a test send has none: it shows the sample). */
async function linkOf(app: FastifyInstance, row: LogRow): Promise<string | undefined> {
  if (!MAIL_CATALOGUE[row.template].passwordLink || row.userId === null) return row.variables.lien
  const { db } = app.database
  const token = await passwordTokenForMail(db, {
    userId: row.userId,
    mailId: row.id,
    ttlMs: row.template === 'welcome' ? app.config.welcomeLinkMs : RESET_TOKEN_TTL_MS,
    secret: await getOrCreateSecret(db, PASSWORD_LINK_SECRET, undefined),
  })
  return passwordLinkUrl(linkOrigin(app), token)
}

function masked(mail: RenderedMail, link: string | undefined): RenderedMail {
  if (!link) return mail
  const hide = (value: string) =>
    value.replaceAll(link, MASKED_LINK).replaceAll(link.replaceAll('&', '&amp;'), MASKED_LINK)
  return { subject: hide(mail.subject), text: hide(mail.text), html: hide(mail.html) }
}

/** The job: one attempt at sending the logged mail. Throws (after recording why) to be retried. */
export async function deliverMail(app: FastifyInstance, job: Job<MailJobData>): Promise<void> {
  const { db } = app.database
  const [row] = await db
    .update(mailLog)
    .set({ attempts: sql`${mailLog.attempts} + 1`, updatedAt: new Date() })
    .where(eq(mailLog.id, job.data.logId))
    .returning()
  // Sent already: the worker recorded it, then died before the engine marked the job done, so the job
  // came back. This guard is all there is: a worker that dies after the SMTP server accepted the mail
  // but before the row says `sent` leaves it unsent, and the retry sends the mail again. Delivery is
  // at least once (docs/domain.md "E-mails"); a password mail's second copy carries the same link
  // while it is valid (issue #30). Or the row is gone.
  if (!row || row.status === 'sent') return
  if (row.test) {
    await attempt(app, row, { subject: row.subject ?? '', text: row.text ?? '', html: row.html ?? '' }, null)
    return
  }
  // In production a mail without SMTP goes nowhere (outside, the log and the dev mailbox are the transport).
  const refused =
    app.config.appEnv === 'production' && !app.config.smtpUrl ? mailErrors.noSmtp : await refusal(db, row)
  if (refused) {
    await db.update(mailLog).set({ status: 'failed', error: refused }).where(eq(mailLog.id, row.id))
    return
  }
  const link = await linkOf(app, row)
  const template = await readTemplate(db, row.template)
  const mail = await renderMail(template, { ...row.variables, ...(link ? { lien: link } : {}) })
  await attempt(app, row, mail, masked(mail, MAIL_CATALOGUE[row.template].passwordLink ? link : undefined))
}

/** Sends `mail`; records it (`stored`: what the log keeps, or null to keep the row's) or the error. */
async function attempt(app: FastifyInstance, row: LogRow, mail: RenderedMail, stored: RenderedMail | null) {
  const { db } = app.database
  const keepBodies = app.config.appEnv !== 'production'
  try {
    await app.mailer.send({ to: row.to, ...mail })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await db
      .update(mailLog)
      .set({
        status: 'failed',
        error: message,
        subject: stored?.subject ?? row.subject,
        updatedAt: new Date(),
      })
      .where(eq(mailLog.id, row.id))
    throw error
  }
  await db
    .update(mailLog)
    .set({
      status: 'sent',
      error: null,
      ...(stored
        ? {
            subject: stored.subject,
            text: keepBodies ? stored.text : null,
            html: keepBodies ? stored.html : null,
          }
        : {}),
      sentAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(mailLog.id, row.id))
}
