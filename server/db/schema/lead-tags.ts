// Outcomes applied to leads (a call's outcome at most once).
import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { LeadStatus, LeadSubstatus } from '../../../src/contracts/lead.ts'
import { ts } from './columns.ts'
import { callProcessTags } from './call-processes.ts'
import { calls } from './calls.ts'
import { leads } from './leads.ts'
import { users } from './users.ts'

/** An outcome applied to a lead (spec §3 "Tag payload"), with what it changed. */
export const leadTags = pgTable(
  'lead_tags',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    callId: integer('call_id').references(() => calls.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    callProcessTagId: integer('call_process_tag_id')
      .notNull()
      .references(() => callProcessTags.id),
    /** The outcome's label when it was applied: the history keeps it after a rename (issue #12). */
    label: text('label'),
    step: integer('step').notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    substatus: text('substatus').$type<LeadSubstatus>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lead_tags_lead_idx').on(t.leadId, t.createdAt),
    index('lead_tags_call_process_tag_idx').on(t.callProcessTagId),
    // An agent's outcomes of one day (the timeline, issue #14; migration 0022).
    index('lead_tags_user_idx').on(t.userId, t.createdAt),
    // A call's outcome is recorded once (issue #17): corrections change this row, never add one.
    uniqueIndex('lead_tags_call_key')
      .on(t.callId)
      .where(sql`call_id is not null`),
  ],
)
