// Scheduled jobs (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"): what the back office
// reads of each job (its schedule, next run, last runs, whether it is failing) and the changes an
// administrator makes (pause, resume, run now, a new schedule previewed before it is saved).
import { z } from 'zod'
import { CRON_MAX_LENGTH } from './cron-schedule.ts'
import { versionSchema } from './team-form.ts'

export const CRON_TRIGGERS = ['schedule', 'manual'] as const
export type CronTrigger = (typeof CRON_TRIGGERS)[number]

/** `abandoned`: the process running it died; the job engine gave it up (issue #30 point 1). */
export const CRON_OUTCOMES = ['running', 'ok', 'failed', 'abandoned'] as const
export type CronOutcome = (typeof CRON_OUTCOMES)[number]

/** Runs of each job the list shows (its history beyond them is kept 30 days). */
export const CRON_RUNS_SHOWN = 5
/** Failed runs in a row that make a job "failing" and alert the administrators once. */
export const CRON_FAILING_STREAK = 3
/** Next runs the schedule editor previews. */
export const CRON_PREVIEW_COUNT = 5

export const cronRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(CRON_TRIGGERS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** From start to finish; null while it runs. */
  durationMs: z.number().int().nullable(),
  outcome: z.enum(CRON_OUTCOMES),
  /** What the run did, in French ("2 appels terminés"); null when the job says nothing. */
  summary: z.string().nullable(),
  /** Why it failed, never a stack nor a secret. */
  error: z.string().nullable(),
  /** The server process that ran it (`host:pid`); null for runs recorded before it was kept. */
  process: z.string().nullable(),
})
export type CronRun = z.infer<typeof cronRunSchema>

export const cronJobSchema = z.object({
  /** The job's identifier, also its queue on the job engine. */
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Five-field cron expression, Europe/Paris. */
  cron: z.string(),
  defaultCron: z.string(),
  /** The schedule in French ("tous les jours à 7 h"). */
  words: z.string(),
  /** The next occurrence; null while paused. */
  nextRunAt: z.string().nullable(),
  paused: z.boolean(),
  /** Since when its last runs all failed (CRON_FAILING_STREAK in a row); null when it is not failing. */
  failingSince: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  runs: z.array(cronRunSchema),
})
export type CronJob = z.infer<typeof cronJobSchema>

export const cronListSchema = z.object({ jobs: z.array(cronJobSchema) })
export type CronList = z.infer<typeof cronListSchema>

export const cronKeyParamSchema = z.object({ key: z.string().min(1).max(64) })

export const cronScheduleBodySchema = z.object({
  cron: z.string().max(CRON_MAX_LENGTH, `Une planification tient en ${CRON_MAX_LENGTH} caractères.`),
  version: versionSchema,
})
export type CronScheduleBody = z.infer<typeof cronScheduleBodySchema>

export const cronPreviewQuerySchema = z.object({ cron: z.string().max(CRON_MAX_LENGTH * 2) })

/** The schedule as it would read and run (nothing saved). */
export const cronPreviewSchema = z.object({
  cron: z.string(),
  words: z.string(),
  nextRuns: z.array(z.string()),
})
export type CronPreview = z.infer<typeof cronPreviewSchema>

export const cronRunNowSchema = z.object({ queued: z.literal(true) })
