// SMS (issue #15 "SMS", docs/domain.md "SMS"): templates, the send log and the opt-outs. Migration
// 0026 (hand-written); the guards' statuses and the sender index, 0030.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { SmsKind, SmsStatus, SmsTemplateKey } from '../../../src/contracts/sms.ts'
import type { TelephonyProviderName } from '../../../src/contracts/call.ts'
import { ts } from './columns.ts'
import { leads } from './leads.ts'
import { appointments } from './appointments.ts'

export const smsTemplates = pgTable('sms_templates', {
  key: text('key').$type<SmsTemplateKey>().primaryKey(),
  /** The audit trail's entity id. */
  id: serial('id').notNull().unique('sms_templates_id_key'),
  body: text('body').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** A user id, without a foreign key (see migration 0026); the audit trail says who. */
  updatedBy: integer('updated_by'),
})

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** E.164. */
    phone: text('phone').notNull(),
    templateKey: text('template_key').$type<SmsTemplateKey>().notNull(),
    kind: text('kind').$type<SmsKind>().notNull(),
    /** The rendered text, as sent. */
    body: text('body').notNull(),
    /** The Aircall number it was sent from. */
    numberId: text('number_id'),
    status: text('status').$type<SmsStatus>().notNull(),
    provider: text('provider').$type<TelephonyProviderName>(),
    providerMessageId: text('provider_message_id'),
    /** Send attempts made by the job (server/domain/sms/send-job.ts). */
    attempts: integer('attempts').notNull().default(0),
    /** French: why it was refused, or the provider's failure. */
    error: text('error'),
    /**
     * Issue #30: set just before Aircall is called, cleared when the attempt's outcome is recorded; a job
     * that finds it set knows an attempt died midway (server/domain/sms/send-job.ts).
     */
    attemptStartedAt: ts('attempt_started_at'),
    /** A user id without a foreign key; null for automatic SMS. */
    sentBy: integer('sent_by'),
    /** On the SMS clock (`app.sms.now`): the caps count rows on the clock the rules read. */
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_messages_appointment_once_key')
      .on(t.appointmentId, t.templateKey)
      .where(sql`appointment_id is not null`),
    uniqueIndex('sms_messages_provider_message_key')
      .on(t.provider, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    index('sms_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('sms_messages_lead_idx').on(t.leadId),
    // The per-agent cap counts one sender's SMS of the last hour (server/domain/sms/guards.ts).
    index('sms_messages_sent_by_idx').on(t.sentBy, t.createdAt),
    check(
      'sms_messages_status_check',
      sql`${t.status} in ('queued', 'sent', 'delivered', 'failed', 'refused-opt-out', 'refused-quiet-hours', 'refused-limit', 'refused-country', 'refused-number-changed')`,
    ),
    check('sms_messages_kind_check', sql`${t.kind} in ('manual', 'confirmation', 'reminder')`),
  ],
)

export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  /** The inbound message that opted out. */
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})
