// Missions, the users assigned to them, the teams they are opened to, and their markets (a lead
// belongs to one market).
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  DEFAULT_OWN_HOURS,
  type CallingHours,
  type CallingRuleKind,
} from '../../../src/contracts/calling-rules.ts'
import { bytea, ts } from './columns.ts'
import { callProcesses } from './call-processes.ts'
import { teams } from './teams.ts'
import { users } from './users.ts'

export const missions = pgTable(
  'missions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    bannerUrl: text('banner_url').notNull(),
    leadProcessingDurationDays: integer('lead_processing_duration_days').notNull(),
    callProcessId: integer('call_process_id').references(() => callProcesses.id),
    /** Issue #12 calling rules (src/contracts/calling-rules.ts): the legal frame by default. */
    callingRule: text('calling_rule').$type<CallingRuleKind>().notNull().default('REGULATED'),
    /** The mission's own hours (CONSENT and CUSTOM); REGULATED ignores them. */
    callingHours: jsonb('calling_hours').$type<CallingHours>().notNull().default(DEFAULT_OWN_HOURS),
    /** CUSTOM only: outbound attempts per lead in 30 days (null: no cap). */
    maxCallAttempts: integer('max_call_attempts'),
    /** CUSTOM only: days without contact after "not interested" (null: none). */
    quietDays: integer('quiet_days'),
    /** Issue #29: seconds of preview before the next lead is called by itself (null: off). */
    autoCallDelaySeconds: integer('auto_call_delay_seconds'),
    /** Set when an administrator uploads a banner (mission_banners); the URL carries it (cache busting). */
    bannerVersion: text('banner_version'),
    /** Optimistic concurrency (server/lib/optimistic-concurrency.ts). */
    version: integer('version').notNull().default(1),
    /** A mission with leads is archived, never deleted (issue #12). */
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('missions_name_key').on(sql`app_fold(${t.name})`)],
)

/** A mission's uploaded banner, re-encoded like the avatars (server/domain/files/uploads.ts). */
export const missionBanners = pgTable('mission_banners', {
  missionId: integer('mission_id')
    .primaryKey()
    .references(() => missions.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

export const missionUsers = pgTable(
  'mission_users',
  {
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.missionId, t.userId] }), index('mission_users_user_idx').on(t.userId)],
)

/**
 * The teams an administrator opened the mission to (issue #26, migration 0029, hand-written): the
 * managers of those teams see its leads and assign those teams' members to it (docs/domain.md
 * "Assignments").
 */
export const missionTeams = pgTable(
  'mission_teams',
  {
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.missionId, t.teamId] }), index('mission_teams_team_idx').on(t.teamId)],
)

export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Region or postal-code prefixes ("75", "921") placing imported leads in this market (issue #13). */
    postalCodePrefixes: text('postal_code_prefixes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('markets_name_key').on(t.missionId, sql`app_fold(${t.name})`)],
)
