// Teams, their members and the managers among them (issue #12, docs/domain.md "Teams").
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { users } from './users.ts'

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Optimistic concurrency (server/lib/optimistic-concurrency.ts): +1 on every change of the team's own fields. */
    version: integer('version').notNull().default(1),
    /** Archived teams are kept (their audit trail too), never deleted. */
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // One name per team whatever its case and accents (app_fold, migration 0011).
  (t) => [uniqueIndex('teams_name_key').on(sql`app_fold(${t.name})`)],
)

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the team's managers (a MANAGER-role member); see docs/domain.md "Teams". */
    isManager: boolean('is_manager').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
)
