// Missions, the users assigned to them, and their markets (a lead belongs to one market).
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import {
  DEFAULT_OWN_HOURS,
  type CallingHours,
  type CallingRuleKind,
} from '../../../src/contracts/calling-rules.ts'
import { callProcesses } from './call-processes.ts'
import { users } from './users.ts'

export const missions = pgTable('missions', {
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

export const markets = pgTable('markets', {
  id: serial('id').primaryKey(),
  missionId: integer('mission_id')
    .notNull()
    .references(() => missions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
})
