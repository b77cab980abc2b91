// Display links (issue #14, docs/domain.md "Display links"): a revocable, read-only access to the
// leaderboard for a wall screen. The token is never stored, only its SHA-256 (a high-entropy token
// needs no slow hash); revoking keeps the row (who created and revoked it, when).
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { teams } from './teams.ts'
import { users } from './users.ts'

export const displayLinks = pgTable(
  'display_links',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Issue #31: the team whose leaderboard the screen shows; null for the whole centre. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
    /** Written at most once a minute per link (server/lib/display-session.ts). */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('display_links_token_hash_key').on(t.tokenHash),
    index('display_links_team_idx').on(t.teamId),
  ],
)
