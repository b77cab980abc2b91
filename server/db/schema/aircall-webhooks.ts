// The webhooks the product created on the Aircall account (issue #15 "Check and repair Aircall's
// side", migration 0028, hand-written): Aircall's id, the URL, and the SHA-256 of the token Aircall
// gave it. A row without `webhookId` is a creation in progress (one at a time, partial unique index).
import { sql } from 'drizzle-orm'
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'

export const aircallWebhookTokens = pgTable(
  'aircall_webhook_tokens',
  {
    /** The audit trail's entity id. */
    id: serial('id').primaryKey(),
    webhookId: text('webhook_id'),
    url: text('url').notNull(),
    /** Hex SHA-256 of the webhook's token; null while the creation is in progress. */
    tokenHash: text('token_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** A user id, without a foreign key (see migration 0028); the audit trail says who. */
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('aircall_webhook_tokens_webhook_id_key')
      .on(t.webhookId)
      .where(sql`webhook_id is not null`),
    uniqueIndex('aircall_webhook_tokens_one_pending_key')
      .on(sql`(true)`)
      .where(sql`webhook_id is null`),
  ],
)
