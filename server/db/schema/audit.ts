// The audit trail of back-office changes (issue #12 "Audit trail"): who changed which entity when,
// before → after. Written in the transaction of the change (server/domain/audit/trail.ts).
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { users } from './users.ts'

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** Null once the user is deleted, or for a change no user made (a command, a migration). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_entries_entity_idx').on(t.entity, t.entityId, t.at)],
)
