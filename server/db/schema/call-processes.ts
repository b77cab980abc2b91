// Call processes: the steps of a mission's script and the outcomes (tags) each step offers.
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { LeadStatus, LeadSubstatus } from '../../../src/contracts/lead.ts'

export const callProcesses = pgTable('call_processes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
})

export const callProcessSteps = pgTable(
  'call_process_steps',
  {
    id: serial('id').primaryKey(),
    callProcessId: integer('call_process_id')
      .notNull()
      .references(() => callProcesses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    script: text('script').notNull(),
  },
  (t) => [uniqueIndex('call_process_steps_number_key').on(t.callProcessId, t.number)],
)

export const callProcessTags = pgTable('call_process_tags', {
  id: serial('id').primaryKey(),
  stepId: integer('step_id')
    .notNull()
    .references(() => callProcessSteps.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  /** Step the lead moves to; null keeps the current step. */
  nextStep: integer('next_step'),
  status: text('status').$type<LeadStatus>().notNull(),
  substatus: text('substatus').$type<LeadSubstatus>(),
  /** Minutes before the lead is due again, when the outcome means "call back". */
  recallDelayMinutes: integer('recall_delay_minutes'),
  endsProcessing: boolean('ends_processing').notNull().default(true),
  requiresAppointment: boolean('requires_appointment').notNull().default(false),
  /** The agent chooses when to call back (issue #11); the recall delay only proposes a default. */
  asksRecallDate: boolean('asks_recall_date').notNull().default(false),
  experiencePoints: integer('experience_points').notNull().default(0),
})
