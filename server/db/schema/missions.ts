// Missions, the users assigned to them, and their markets (a lead belongs to one market).
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { callProcesses } from './call-processes.ts'
import { users } from './users.ts'

export const missions = pgTable('missions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  bannerUrl: text('banner_url').notNull(),
  leadProcessingDurationDays: integer('lead_processing_duration_days').notNull(),
  callProcessId: integer('call_process_id').references(() => callProcesses.id),
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
