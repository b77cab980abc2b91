// Users and what belongs to one user alone: preferences, avatar, awards.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Role, UserStatus } from '../../../src/contracts/roles.ts'
import { bytea, ts } from './columns.ts'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
    aircallId: integer('aircall_id'),
    avatarVersion: text('avatar_version'),
    experiencePoints: integer('experience_points').notNull().default(0),
    /** Optimistic concurrency of the back office's user edits (issue #12). */
    version: integer('version').notNull().default(1),
    viewingLeadId: integer('viewing_lead_id'),
    processingLeadId: integer('processing_lead_id'),
    callingLeadId: integer('calling_lead_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * When the user last chose their password (a reset or welcome link used; the demo's seeded
     * accounts): « Nouveau lien » is only for accounts that never chose one (migration 0042).
     */
    passwordChosenAt: ts('password_chosen_at'),
    /** The back office's search and name order (migration 0017, server/domain/users/reads.ts). */
    searchFolded: text('search_folded')
      .notNull()
      .generatedAlwaysAs(sql`app_fold(first_name || ' ' || last_name || ' ' || email)`),
    nameFolded: text('name_folded')
      .notNull()
      .generatedAlwaysAs(sql`app_fold(last_name || ' ' || first_name)`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_name_folded_idx').on(t.nameFolded, t.id),
    // Who views a lead: read on every lead change to address its live signal.
    index('users_viewing_lead_idx')
      .on(t.viewingLeadId)
      .where(sql`viewing_lead_id is not null`),
  ],
)

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: boolean('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

export const avatars = pgTable('avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

/**
 * Badges and tentacalls earned (gamification). Issue #5 needs them to raise alerts; the rules that
 * award them come with the gamification issue.
 */
export const userAwards = pgTable(
  'user_awards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'badge' | 'tentacall'>().notNull(),
    code: text('code').notNull(),
    awardedAt: ts('awarded_at').notNull().defaultNow(),
  },
  (t) => [index('user_awards_user_idx').on(t.userId, t.awardedAt)],
)
