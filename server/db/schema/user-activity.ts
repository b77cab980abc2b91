// The agent's own activity events (issue #14 "Timeline", migration 0022; docs/domain.md "Timeline and
// follow-up"): what no other table keeps — sessions begun and ended, lead sheets opened and left.
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { leads } from './leads.ts'
import { users } from './users.ts'

/**
 * `signed-in`, `signed-out` (data.reason: `logout`, `expired`, `ended`), `sheet-viewed`, `sheet-left`.
 * Calls, outcomes, assignments, comments and appointments are read from their own tables.
 */
export type UserActivityKind = 'signed-in' | 'signed-out' | 'sheet-viewed' | 'sheet-left'

export const userActivityEvents = pgTable(
  'user_activity_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UserActivityKind>().notNull(),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    at: ts('at').notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('user_activity_events_user_at_idx').on(t.userId, t.at)],
)
