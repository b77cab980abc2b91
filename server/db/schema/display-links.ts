// Display links (issue #14, docs/domain.md "Display links"): a revocable, read-only access to the
// leaderboard for a wall screen. The token is never stored, only its SHA-256 (a high-entropy token
// needs no slow hash); revoking keeps the row (who created and revoked it, when).
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { users } from './users.ts'

export const displayLinks = pgTable(
  'display_links',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
    /** Written at most once a minute per link (server/lib/display-session.ts). */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('display_links_token_hash_key').on(t.tokenHash)],
)
