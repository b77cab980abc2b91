// Telephony: calls and the webhooks that report them.
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { leads } from './leads.ts'
import { users } from './users.ts'

/**
 * Telephony calls (spec §3 "Call"), one row per provider call, upserted by `providerCallId`
 * (Aircall's call id, or the simulator's). Ongoing = started and not ended; missed = ended without
 * answer; untagged = ended, linked to a user, and no lead tag yet (docs/domain.md "Calls").
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<'aircall' | 'simulator'>().notNull(),
    providerCallId: text('provider_call_id').notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    status: text('status').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** For an inbound call: the lead whose phone matches the caller. */
    detectedLeadId: integer('detected_lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The external party in E.164. */
    phoneNumber: text('phone_number').notNull(),
    /** The provider number used (Aircall number id). */
    numberId: text('number_id'),
    startedAt: ts('started_at').notNull(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    missedReason: text('missed_reason'),
    leadTagId: integer('lead_tag_id'),
    /** Time of the newest provider event applied: older events never move the call back. */
    sourceUpdatedAt: ts('source_updated_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_provider_call_key').on(t.provider, t.providerCallId),
    index('calls_user_idx').on(t.userId, t.startedAt),
    index('calls_lead_idx').on(t.leadId),
    // A lead's history lists the calls detected from its number (issue #11).
    index('calls_detected_lead_idx').on(t.detectedLeadId),
    // Outbound calls still waiting for the provider's call.created (server/domain/calls/pending-expiry.ts
    // sweeps them every 30 s): a handful of rows, however many calls the table holds.
    index('calls_pending_idx')
      .on(t.startedAt)
      .where(sql`ended_at is null and provider_call_id like 'pending:%'`),
  ],
)

/** Every telephony webhook received (for the webhook status page), token redacted. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    providerCallId: text('provider_call_id'),
    /** sha256 of (event, data.id, timestamp): the same delivery twice is recorded once. */
    dedupeKey: text('dedupe_key').notNull(),
    outcome: text('outcome')
      .$type<'processed' | 'ignored' | 'duplicate' | 'rejected' | 'stale' | 'error'>()
      .notNull(),
    error: text('error'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: ts('received_at').notNull().defaultNow(),
    /** When processing finished (issue #15: the status page's lag); null if never processed. */
    processedAt: ts('processed_at'),
  },
  (t) => [
    uniqueIndex('webhook_events_dedupe_key').on(t.dedupeKey),
    index('webhook_events_received_idx').on(t.receivedAt),
    index('webhook_events_outcome_idx').on(t.outcome, t.receivedAt),
  ],
)
