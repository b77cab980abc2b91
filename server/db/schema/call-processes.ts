// Call processes: the steps of a mission's script and the outcomes (tags) each step offers.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
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
    /** Null: the outcome leaves the lead's status and substatus as they are (« Inchangé », issue #31). */
    status: text('status').$type<LeadStatus>(),
    substatus: text('substatus').$type<LeadSubstatus>(),
    endsProcessing: boolean('ends_processing').notNull().default(false),
    requiresAppointment: boolean('requires_appointment').notNull().default(false),
    asksRecallDate: boolean('asks_recall_date').notNull().default(false),
    /** « Sans appel » (issue #29): the outcome may be recorded without a call (and earns nothing then). */
    withoutCall: boolean('without_call').notNull().default(false),
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

/**
 * A step's outcome: a catalogue tag offered at that step and where it sends the lead. Its id is what
 * agents send as `callProcessTagId` and what lead_tags reference; the label and effects are the
 * tag's (migration 0016 dropped the copies this table held before the catalogue).
 */
export const callProcessTags = pgTable(
  'call_process_tags',
  {
    id: serial('id').primaryKey(),
    /**
     * Null: an outcome removed from its process that lead tags still name, kept for their history
     * (a removed step's outcomes too: deleting a step detaches them).
     */
    stepId: integer('step_id').references(() => callProcessSteps.id, { onDelete: 'set null' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id),
    /** Order of the outcomes on the step. */
    position: integer('position').notNull().default(0),
    /** Step the lead moves to; null keeps the current step. */
    nextStep: integer('next_step'),
  },
  (t) => [
    index('call_process_tags_step_idx').on(t.stepId, t.position),
    index('call_process_tags_tag_idx').on(t.tagId),
  ],
)
