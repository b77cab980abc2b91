// Leads and their history.
import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { LeadStatus, LeadSubstatus } from '../../../src/contracts/lead.ts'
import { ts } from './columns.ts'
import { imports } from './imports.ts'
import { markets } from './missions.ts'
import { users } from './users.ts'

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    secondaryPhone: text('secondary_phone'),
    email: text('email'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    step: integer('step').notNull().default(1),
    /** First day of the month the lead was integrated (YYYY-MM-01). */
    integrationMonth: text('integration_month').notNull(),
    meetRequestDate: ts('meet_request_date').notNull(),
    status: text('status').$type<LeadStatus>().notNull().default('NEW'),
    substatus: text('substatus').$type<LeadSubstatus>(),
    comment: text('comment'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    processingUserId: integer('processing_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the current processing user took the lead. */
    processingSince: ts('processing_since'),
    recallAt: ts('recall_at'),
    /** Issue #15: the recall time its agent was last told about (the due-recall notices job). */
    recallNotifiedFor: ts('recall_notified_for'),
    /** Issue #12: the end of the quiet period a "not interested" outcome started (no call before). */
    noContactUntil: ts('no_contact_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Issue #13: the import that created the lead and its line in the file (never written twice). */
    importId: integer('import_id').references(() => imports.id, { onDelete: 'set null' }),
    importLine: integer('import_line'),
    /** The names folded for search (app_fold: unaccented, lower-cased; migration 0011), kept by the database. */
    firstNameFolded: text('first_name_folded')
      .notNull()
      .generatedAlwaysAs(sql`app_fold(first_name)`),
    lastNameFolded: text('last_name_folded')
      .notNull()
      .generatedAlwaysAs(sql`app_fold(last_name)`),
  },
  (t) => [
    uniqueIndex('leads_uuid_key').on(t.uuid),
    uniqueIndex('leads_import_line_key')
      .on(t.importId, t.importLine)
      .where(sql`import_id is not null`),
    index('leads_market_status_idx').on(t.marketId, t.status),
    index('leads_processing_user_idx').on(t.processingUserId),
    index('leads_phone_idx').on(t.phone),
    index('leads_recall_at_idx').on(t.recallAt),
    // Lead search (docs/domain.md "Leads"): name prefixes over the folded names (migration 0011),
    // e-mail prefixes, the second phone by equality. Last name, first name, id: also the order of
    // results, so a broad prefix reads just its page.
    index('leads_last_name_fold_idx').on(
      sql`${t.lastNameFolded} text_pattern_ops`,
      sql`${t.firstNameFolded} text_pattern_ops`,
      t.id,
    ),
    index('leads_first_name_fold_idx').on(sql`${t.firstNameFolded} text_pattern_ops`),
    // The approximate fallback of a name search that finds nothing (pg_trgm word similarity).
    index('leads_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstNameFolded} || ' ' || ${t.lastNameFolded}) gin_trgm_ops`,
    ),
    index('leads_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('leads_secondary_phone_idx').on(t.secondaryPhone),
    // Search results are ordered by name: a broad prefix walks this index and stops at the page's end.
    index('leads_name_order_idx').on(t.lastName, t.firstName, t.id),
    // The two queues of find-lead-to-process (server/domain/leads/assignment.ts): free leads only, so
    // a find walks from the oldest non-expired lead and stops at the first one it can lock.
    index('leads_queue_new_idx')
      .on(t.meetRequestDate, t.id)
      .where(
        sql`processing_user_id is null and status in ('NEW', 'IN_PROGRESS') and substatus is distinct from 'WAITING_FOR_FORCED_RDV'`,
      ),
    // Recalls in the order they are handed out (without a date first, then oldest recall first), by
    // the instant they are due: a find reads only the due ones, and stops at the first one of the
    // user's markets it can lock instead of sorting every due recall.
    index('leads_queue_recall_due_idx')
      .on(sql`coalesce(${t.recallAt}, '-infinity'::timestamptz)`, t.id)
      .where(sql`processing_user_id is null and status in ('RECALL', 'UNREACHABLE')`),
  ],
)

/** The lead's history (tags, calls, comments, appointments, assignments), newest first when read. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind')
      .$type<'tag' | 'call' | 'comment' | 'appointment' | 'assignment' | 'update' | 'sms'>()
      .notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lead_events_lead_idx').on(t.leadId, t.createdAt),
    // An agent's events of one day (the timeline, issue #14; migration 0022).
    index('lead_events_user_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * The last time each agent handed a lead back (« Rendre le lead », issue #29): the hand-out does not
 * give that lead to that agent again before the configured cool-down ends (docs/domain.md "Leads").
 */
export const leadReleases = pgTable(
  'lead_releases',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    releasedAt: ts('released_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.leadId] })],
)
