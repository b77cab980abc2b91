// Gamification and activity (issue #14): the experience ledger, the tentacall series and the daily
// per-agent aggregates the statistics read (docs/domain.md "Gamification", "Daily activity").
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { users } from './users.ts'

/** What earns experience: an outcome (lead tag id), an answered call (call id), a booking (appointment id). */
export type XpSourceKind = 'tag' | 'call-answered' | 'appointment'

/**
 * One row per event that earned points: the unique (source kind, source id) is what makes a replayed
 * webhook or a retried request earn nothing more. A tag correction updates its row's points.
 */
export const xpLedger = pgTable(
  'xp_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind').$type<XpSourceKind>().notNull(),
    sourceId: integer('source_id').notNull(),
    points: integer('points').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xp_ledger_source_key').on(t.sourceKind, t.sourceId),
    index('xp_ledger_user_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * A user's tentacall series (docs/domain.md "Gamification"): the current count, the record, and what
 * the series last counted (`series_key`: a Paris day, a session) to tell whether it still holds.
 */
export const userTentacalls = pgTable(
  'user_tentacalls',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    current: integer('current').notNull().default(0),
    record: integer('record').notNull().default(0),
    seriesKey: text('series_key'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
)

/**
 * Per agent and Europe/Paris day: kept in step by triggers of migration 0020 in the transaction of
 * each call, lead tag and ledger write; server/domain/gamification/daily-rebuild.ts recomputes it.
 */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    callsMade: integer('calls_made').notNull().default(0),
    callsReceived: integer('calls_received').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    tags: integer('tags').notNull().default(0),
    /** Outcomes by catalogue tag id: `{"12": 3}`. */
    tagsByOutcome: jsonb('tags_by_outcome').$type<Record<string, number>>().notNull().default({}),
    appointments: integer('appointments').notNull().default(0),
    leadsProcessed: integer('leads_processed').notNull().default(0),
    xp: integer('xp').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // The leaderboard and the reports read one day or one period for everybody.
    index('daily_activity_day_idx').on(t.day),
  ],
)

/**
 * Badges earned, once each (issue #14): claimed in the transaction of the event that earns them, so
 * two simultaneous events never earn one badge twice; the alert then goes through awardBadge.
 */
export const userBadges = pgTable(
  'user_badges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    earnedAt: ts('earned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
)
