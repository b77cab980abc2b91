// Appointments: one agenda per mission.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core'
import { ts } from './columns.ts'
import { leads } from './leads.ts'
import { missions } from './missions.ts'
import { users } from './users.ts'

/**
 * The agendas (docs/domain.md "Appointments"): one per mission, one appointment per slot. The two
 * partial unique indexes are the capacity rule itself, so two bookings of one slot at the same instant,
 * from two processes, get one success and one conflict. A moved appointment is cancelled, never deleted;
 * `leads.metadata.appointment` holds a copy written in the same transaction.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    missionId: integer('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** Null for appointments that came with the data (seed, backfill of migration 0003). */
    bookedByUserId: integer('booked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('appointments_mission_slot_key')
      .on(t.missionId, t.startsAt)
      .where(sql`cancelled_at is null`),
    uniqueIndex('appointments_lead_active_key')
      .on(t.leadId)
      .where(sql`cancelled_at is null`),
    index('appointments_lead_idx').on(t.leadId),
    check('appointments_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)
