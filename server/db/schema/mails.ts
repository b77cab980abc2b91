// E-mails (issue #15, docs/domain.md "E-mails"): the edited templates and the log of every mail sent.
// Migration 0025 (hand-written).
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { MailStatus, MailTemplateKey } from '../../../src/contracts/mails.ts'
import { ts } from './columns.ts'

export const mailTemplates = pgTable('mail_templates', {
  key: text('key').$type<MailTemplateKey>().primaryKey(),
  /** The audit trail's entity id. */
  id: serial('id').notNull().unique('mail_templates_id_key'),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** A user id, without a foreign key (see migration 0025). */
  updatedBy: integer('updated_by'),
})

export const mailLog = pgTable(
  'mail_log',
  {
    id: serial('id').primaryKey(),
    template: text('template').$type<MailTemplateKey>().notNull(),
    to: text('to').notNull(),
    leadId: integer('lead_id'),
    userId: integer('user_id'),
    appointmentId: integer('appointment_id'),
    requestedBy: integer('requested_by'),
    resendOf: integer('resend_of'),
    /** A test send: its sample bodies are written when queued and sent as they are. */
    test: boolean('test').notNull().default(false),
    /** The substituted values, never a password link. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    queuedAt: ts('queued_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_log_queued_idx').on(t.queuedAt.desc(), t.id.desc()),
    uniqueIndex('mail_log_reminder_once_idx')
      .on(t.appointmentId)
      .where(sql`${t.template} = 'appointment-reminder' AND ${t.resendOf} IS NULL`),
    check('mail_log_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'bounced')`),
  ],
)
