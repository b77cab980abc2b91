// Call processes: the steps of a mission's script and the outcomes (tags) each step offers.
import { sql } from 'drizzle-orm'
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { LeadStatus, LeadSubstatus } from '../../../src/contracts/lead.ts'
import { ts } from './columns.ts'

export const callProcesses = pgTable(
  'call_processes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('call_processes_name_key').on(sql`app_fold(${t.name})`)],
)

/**
 * The catalogue of outcome tags (issue #12 "Tags"): what an outcome does to a lead. Steps offer
 * tags through call_process_tags; a renamed tag shows its new label from now on, while lead_tags
 * keeps the label each lead was tagged with. A tag in use is retired, never deleted.
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    color: text('color').notNull().default('#5b6470'),
    status: text('status').$type<LeadStatus>().notNull(),
    substatus: text('substatus').$type<LeadSubstatus>(),
    endsProcessing: boolean('ends_processing').notNull().default(true),
    requiresAppointment: boolean('requires_appointment').notNull().default(false),
    asksRecallDate: boolean('asks_recall_date').notNull().default(false),
    recallDelayMinutes: integer('recall_delay_minutes'),
    experiencePoints: integer('experience_points').notNull().default(0),
    version: integer('version').notNull().default(1),
    retiredAt: ts('retired_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_label_key')
      .on(sql`app_fold(${t.label})`)
      .where(sql`retired_at is null`),
  ],
)

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
  /** The catalogue tag this outcome applies (migration 0015 gave every existing outcome its own). */
  tagId: integer('tag_id').references(() => tags.id),
  /** Order of the outcomes on the step. */
  position: integer('position').notNull().default(0),
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
