// The log of sent e-mails (issue #15 "E-mails", docs/domain.md "E-mails"): filtered, newest first, and
// a mail sent again as a new row (a link mail gets a fresh link from its send job, never the old one).
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  MAIL_LOG_PAGE_SIZE,
  type MailLogEntry,
  type MailLogPage,
  type MailLogQuery,
} from '../../../src/contracts/mails.ts'
import { mailLog } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'
import { sendJob } from './send.ts'

export const mailLogMessages = { notFound: 'E-mail introuvable dans le journal.' } as const

const PARIS = 'Europe/Paris'

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function whereOf(query: MailLogQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    query.template ? eq(mailLog.template, query.template) : undefined,
    query.status ? eq(mailLog.status, query.status) : undefined,
    query.q ? ilike(mailLog.to, `%${escapeLike(query.q)}%`) : undefined,
    // Days of Paris, both ends included.
    query.from
      ? gte(mailLog.queuedAt, sql`(${query.from}::date)::timestamp at time zone ${PARIS}`)
      : undefined,
    query.to
      ? lt(mailLog.queuedAt, sql`(${query.to}::date + 1)::timestamp at time zone ${PARIS}`)
      : undefined,
  ]
  return and(...filters)
}

function toEntry(row: typeof mailLog.$inferSelect): MailLogEntry {
  return {
    id: row.id,
    template: row.template,
    to: row.to,
    leadId: row.leadId,
    userId: row.userId,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    queuedAt: row.queuedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    resendOf: row.resendOf,
    test: row.test,
  }
}

export async function listMailLog(app: FastifyInstance, query: MailLogQuery): Promise<MailLogPage> {
  const { db } = app.database
  const where = whereOf(query)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailLog)
      .where(where)
      .orderBy(desc(mailLog.queuedAt), desc(mailLog.id))
      .limit(MAIL_LOG_PAGE_SIZE)
      .offset((query.page - 1) * MAIL_LOG_PAGE_SIZE),
    db.select({ value: count() }).from(mailLog).where(where),
  ])
  return {
    items: rows.map(toEntry),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: MAIL_LOG_PAGE_SIZE,
  }
}

/** The mail of row `id` again, as a new row and job; audited. Answers the new row's id. */
export async function resendMail(app: FastifyInstance, actorId: number, id: number): Promise<number> {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailLog).where(eq(mailLog.id, id))
    if (!row) throw errors.notFound(mailLogMessages.notFound)
    const [copy] = await tx
      .insert(mailLog)
      .values({
        template: row.template,
        to: row.to,
        leadId: row.leadId,
        userId: row.userId,
        appointmentId: row.appointmentId,
        variables: row.variables,
        requestedBy: actorId,
        resendOf: row.id,
        test: row.test,
        // A test send carries its sample; any other mail is rendered again when sent.
        ...(row.test ? { subject: row.subject, text: row.text, html: row.html } : {}),
      })
      .returning({ id: mailLog.id })
    await recordAudit(tx, {
      userId: actorId,
      entity: 'mail',
      entityId: row.id,
      action: 'resend',
      after: { template: row.template, to: row.to, copy: copy!.id },
    })
    await sendJob(app, copy!.id, tx)
    return copy!.id
  })
}
