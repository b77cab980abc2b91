// Scheduled jobs (issue #15, docs/domain.md "Scheduled jobs"): each job's settings (its cron
// expression, paused, failing) and the record of its runs. Migrations 0023, 0041 (hand-written).
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { CronTrigger } from '../../../src/contracts/crons.ts'
import { ts } from './columns.ts'

export const cronSettings = pgTable('cron_settings', {
  /** The catalogue key, also the job engine's queue (server/domain/crons/catalogue.ts). */
  queue: text('queue').primaryKey(),
  /** The audit trail's entity id. */
  id: serial('id').notNull().unique('cron_settings_id_key'),
  cron: text('cron').notNull(),
  paused: boolean('paused').notNull().default(false),
  /** Set when CRON_FAILING_STREAK runs in a row failed (the alert went then); cleared by a success. */
  failingSince: ts('failing_since'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** A user id, without a foreign key (see migration 0023); the audit trail says who. */
  updatedBy: integer('updated_by'),
})

export const cronRuns = pgTable(
  'cron_runs',
  {
    id: serial('id').primaryKey(),
    queue: text('queue')
      .notNull()
      .references(() => cronSettings.queue, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<CronTrigger>().notNull(),
    /** The job engine's job id (a retry is a run of its own with the same job id). */
    jobId: text('job_id'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    ok: boolean('ok'),
    summary: text('summary'),
    error: text('error'),
    /** The process that ran it, `host:pid` (migration 0041). */
    process: text('process'),
    /** Given up: its process died, and the next run of the job took over (ok is false). */
    abandoned: boolean('abandoned').notNull().default(false),
  },
  (t) => [
    index('cron_runs_queue_started_idx').on(t.queue, t.startedAt.desc()),
    check('cron_runs_trigger_check', sql`${t.trigger} in ('schedule', 'manual')`),
  ],
)
