// App-wide tables: configuration, secrets, rate limits, the mail outbox, idempotency keys.
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { users } from './users.ts'

export const configuration = pgTable('configuration', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_at_idx').on(t.bucket, t.at)],
)

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})

/** Outgoing mail kept for the dev mailbox (non-production) and for audit of what was sent. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

/**
 * Idempotency keys of replayable mutations (issue #5 offline queue): the first request with a key
 * records its answer; the same key again from the same user gets that answer and changes nothing.
 * `statusCode` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern: a key reused on another route is refused. */
    route: text('route').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)
