// Sign-in sessions and password-reset tokens.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import type { Role } from '../../../src/contracts/roles.ts'
import { ts } from './columns.ts'
import { users } from './users.ts'

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session id: a leaked table does not leak usable cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Dev tools only (non-production): view the app with another role on one's own account. */
    roleOverride: text('role_override').$type<Role>(),
    /**
     * « Rester connecté sur cet appareil » (issue #17): the cookie persists (Max-Age = the absolute
     * lifetime) instead of ending with the browser; a rotation of this session keeps the same kind.
     */
    remember: boolean('remember').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
})
