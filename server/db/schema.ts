// One Drizzle schema for PGlite and PostgreSQL. Migrations are generated from it (npm run db:generate)
// and committed in server/db/migrations.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Role, UserStatus } from '../../src/contracts/roles.ts'
import type { LeadStatus, LeadSubstatus } from '../../src/contracts/lead.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
    aircallId: integer('aircall_id'),
    avatarVersion: text('avatar_version'),
    experiencePoints: integer('experience_points').notNull().default(0),
    viewingLeadId: integer('viewing_lead_id'),
    processingLeadId: integer('processing_lead_id'),
    callingLeadId: integer('calling_lead_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // Who views a lead: read on every lead change to address its live signal.
    index('users_viewing_lead_idx')
      .on(t.viewingLeadId)
      .where(sql`viewing_lead_id is not null`),
  ],
)

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: boolean('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

export const avatars = pgTable('avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
})

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
)

export const configuration = pgTable('configuration', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
})

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
  experiencePoints: integer('experience_points').notNull().default(0),
})

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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_uuid_key').on(t.uuid),
    index('leads_market_status_idx').on(t.marketId, t.status),
    index('leads_processing_user_idx').on(t.processingUserId),
    index('leads_phone_idx').on(t.phone),
    index('leads_recall_at_idx').on(t.recallAt),
    // Lead search (docs/domain.md "Leads"): name and e-mail prefixes, the second phone by equality.
    // pg_trgm is not available on PGlite, hence prefix matching over text_pattern_ops.
    index('leads_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('leads_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('leads_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('leads_secondary_phone_idx').on(t.secondaryPhone),
    // Search results are ordered by name: a broad prefix walks this index and stops at the page's end.
    index('leads_name_order_idx').on(t.lastName, t.firstName, t.id),
    // The two queues of find-lead-to-process (server/domain/lead-assignment.ts): free leads only, so
    // a find walks from the oldest non-expired lead and stops at the first one it can lock.
    index('leads_queue_new_idx')
      .on(t.meetRequestDate, t.id)
      .where(
        sql`processing_user_id is null and status in ('NEW', 'IN_PROGRESS') and substatus is distinct from 'WAITING_FOR_FORCED_RDV'`,
      ),
    // Recalls in the order they are handed out (due first, oldest recall first): a find stops at the
    // first one of the user's markets it can lock instead of sorting every due recall.
    index('leads_queue_recall_order_idx')
      .on(t.recallAt.asc().nullsFirst(), t.id)
      .where(sql`processing_user_id is null and status in ('RECALL', 'UNREACHABLE')`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session id: a leaked table does not leak usable cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Dev tools only (non-production): view the app with another role on one's own account. */
    roleOverride: text('role_override').$type<Role>(),
    /**
     * « Rester connecté sur cet appareil » (issue #17): the cookie persists (Max-Age = the absolute
     * lifetime) instead of ending with the browser; a rotation of this session keeps the same kind.
     */
    remember: boolean('remember').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_at_idx').on(t.bucket, t.at)],
)

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})

/** Outgoing mail kept for the dev mailbox (non-production) and for audit of what was sent. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

/**
 * Telephony calls (spec §3 "Call"), one row per provider call, upserted by `providerCallId`
 * (Aircall's call id, or the simulator's). Ongoing = started and not ended; missed = ended without
 * answer; untagged = ended, linked to a user, and no lead tag yet (docs/domain.md "Calls").
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<'aircall' | 'simulator'>().notNull(),
    providerCallId: text('provider_call_id').notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    status: text('status').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** For an inbound call: the lead whose phone matches the caller. */
    detectedLeadId: integer('detected_lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** The external party in E.164. */
    phoneNumber: text('phone_number').notNull(),
    /** The provider number used (Aircall number id). */
    numberId: text('number_id'),
    startedAt: ts('started_at').notNull(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
    missedReason: text('missed_reason'),
    leadTagId: integer('lead_tag_id'),
    /** Time of the newest provider event applied: older events never move the call back. */
    sourceUpdatedAt: ts('source_updated_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_provider_call_key').on(t.provider, t.providerCallId),
    index('calls_user_idx').on(t.userId, t.startedAt),
    index('calls_lead_idx').on(t.leadId),
    // Outbound calls still waiting for the provider's call.created (server/telephony/pending-expiry.ts
    // sweeps them every 30 s): a handful of rows, however many calls the table holds.
    index('calls_pending_idx')
      .on(t.startedAt)
      .where(sql`ended_at is null and provider_call_id like 'pending:%'`),
  ],
)

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
    step: integer('step').notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    substatus: text('substatus').$type<LeadSubstatus>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lead_tags_lead_idx').on(t.leadId, t.createdAt),
    // A call's outcome is recorded once (issue #17): corrections change this row, never add one.
    uniqueIndex('lead_tags_call_key')
      .on(t.callId)
      .where(sql`call_id is not null`),
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
      .$type<'tag' | 'call' | 'comment' | 'appointment' | 'assignment' | 'update'>()
      .notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
)

/** Every telephony webhook received (for the webhook status page), token redacted. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    providerCallId: text('provider_call_id'),
    /** sha256 of (event, data.id, timestamp): the same delivery twice is recorded once. */
    dedupeKey: text('dedupe_key').notNull(),
    outcome: text('outcome')
      .$type<'processed' | 'ignored' | 'duplicate' | 'rejected' | 'stale' | 'error'>()
      .notNull(),
    error: text('error'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_events_dedupe_key').on(t.dedupeKey),
    index('webhook_events_received_idx').on(t.receivedAt),
  ],
)

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

/**
 * Web push subscriptions (issue #5), one per browser/device: the endpoint is unique, so a browser
 * re-subscribing after another user signed in on it moves to that user (a shared workstation never
 * alerts the previous user). A 404/410 from the push service deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/**
 * Idempotency keys of replayable mutations (issue #5 offline queue): the first request with a key
 * records its answer; the same key again from the same user gets that answer and changes nothing.
 * `statusCode` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern: a key reused on another route is refused. */
    route: text('route').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

/**
 * Badges and tentacalls earned (gamification). Issue #5 needs them to raise alerts; the rules that
 * award them come with the gamification issue.
 */
export const userAwards = pgTable(
  'user_awards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'badge' | 'tentacall'>().notNull(),
    code: text('code').notNull(),
    awardedAt: ts('awarded_at').notNull().defaultNow(),
  },
  (t) => [index('user_awards_user_idx').on(t.userId, t.awardedAt)],
)
