// The settings of the scheduled jobs and the job engine's schedules (issue #15, docs/domain.md
// "Scheduled jobs"). cron_settings is the truth (pg-boss only schedules and unschedules): each process
// applies it on start, and each change applies at once. Both happen in one transaction with the row
// locked, pg-boss's schedule row written through that transaction, so a start and a pause racing on
// two processes cannot leave a paused job scheduled. Every change is audited.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AuditAction } from '../../../src/contracts/audit.ts'
import { checkCron } from '../../../src/contracts/cron-schedule.ts'
import type { Db } from '../../db/client.ts'
import { cronSettings } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { jobDatabaseOf } from '../../lib/job-database.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { CRON_CATALOGUE, cronDefinition, type CronDefinition } from './catalogue.ts'
import { readCronJob } from './reads.ts'
import type { CronJobData } from './runner.ts'

export const CRON_TIME_ZONE = 'Europe/Paris'

/** Queues earlier versions scheduled and the catalogue replaced (issue #13's purge, now `files-purge`). */
const RETIRED_QUEUES = ['stored-files-purge']

export const cronMessages = {
  notFound: 'Tâche planifiée introuvable.',
  alreadyPaused: 'Cette tâche est déjà en pause.',
  notPaused: 'Cette tâche n’est pas en pause.',
  alreadyQueued: 'Cette tâche attend déjà de tourner : elle démarre dans quelques secondes.',
  unreadable: 'Le moteur de tâches ne sait pas lire cette planification.',
  tooOften: (minutes: number) =>
    minutes === 60
      ? 'Cette tâche ne peut pas tourner plus d’une fois par heure.'
      : minutes % 60 === 0
        ? `Cette tâche ne peut pas tourner plus d’une fois toutes les ${minutes / 60} heures.`
        : `Cette tâche ne peut pas tourner plus d’une fois toutes les ${minutes} minutes.`,
} as const

/** Two runs of a schedule closer than the job allows (looked for among its next 50 runs). */
function tooOften(app: FastifyInstance, job: CronDefinition, expression: string): boolean {
  if (job.minIntervalMinutes <= 1) return false
  const runs = nextRuns(app, expression, 50)
  return runs.some(
    (at, i) => i > 0 && at.getTime() - runs[i - 1]!.getTime() < job.minIntervalMinutes * 60_000,
  )
}

type SettingsRow = typeof cronSettings.$inferSelect

export function definitionOf(key: string): CronDefinition {
  const job = cronDefinition(key)
  if (!job) throw errors.notFound(cronMessages.notFound)
  return job
}

async function lockSettings(tx: Tx, key: string): Promise<SettingsRow> {
  const [row] = await tx.select().from(cronSettings).where(eq(cronSettings.queue, key)).for('update')
  if (!row) throw errors.notFound(cronMessages.notFound)
  return row
}

/** Writes pg-boss's schedule of a job as its settings say, in the settings' transaction. */
async function applySchedule(app: FastifyInstance, tx: Tx, job: CronDefinition, row: SettingsRow) {
  const boss = app.jobs.boss()
  const db = jobDatabaseOf(tx as Db)
  if (row.paused) await boss.unschedule(job.key, '', { db })
  else
    await boss.schedule(job.key, row.cron, { trigger: 'schedule' } satisfies CronJobData, {
      tz: CRON_TIME_ZONE,
      missed: job.missed,
      db,
    })
}

/** On start: every job gets its settings row (the default schedule), then its schedule as the row says. */
export async function syncCronSchedules(app: FastifyInstance): Promise<void> {
  const boss = app.jobs.boss()
  for (const queue of RETIRED_QUEUES) if (await boss.getQueue(queue)) await boss.deleteQueue(queue)
  for (const job of CRON_CATALOGUE) {
    await app.database.db.transaction(async (tx) => {
      await tx.insert(cronSettings).values({ queue: job.key, cron: job.cron }).onConflictDoNothing()
      await applySchedule(app, tx, job, await lockSettings(tx, job.key))
    })
  }
}

/** The next occurrences of a checked expression, by the job engine's own cron parser. */
export function nextRuns(app: FastifyInstance, cron: string, count: number): Date[] {
  try {
    return app.jobs.boss().previewSchedule(cron, { tz: CRON_TIME_ZONE, count })
  } catch {
    throw errors.invalid(cronMessages.unreadable, { cron: cronMessages.unreadable })
  }
}

/**
 * A new schedule of `job` as the editor previews it: checked (its shape, then not more often than
 * the job allows), in words, its next runs; 400 in French otherwise.
 */
export function previewCron(app: FastifyInstance, job: CronDefinition, cron: string, count: number) {
  const checked = checkCron(cron)
  if (!checked.ok) throw errors.invalid(checked.message, { cron: checked.message })
  if (tooOften(app, job, checked.expression)) {
    const message = cronMessages.tooOften(job.minIntervalMinutes)
    throw errors.invalid(message, { cron: message })
  }
  const runs = nextRuns(app, checked.expression, count)
  return { cron: checked.expression, words: checked.words, nextRuns: runs.map((at) => at.toISOString()) }
}

type Change = {
  action: Extract<AuditAction, 'pause' | 'resume' | 'update'>
  /** The new values, or a refusal (the row as it is locked). */
  next: (row: SettingsRow) => Pick<SettingsRow, 'cron' | 'paused'>
}

async function changeCron(
  app: FastifyInstance,
  actorId: number,
  key: string,
  version: number,
  change: Change,
) {
  const job = definitionOf(key)
  await app.database.db.transaction(async (tx) => {
    const row = await lockSettings(tx, key)
    await assertVersion(row.version, version, () => readCronJob(app, job, tx))
    const next = change.next(row)
    if (next.cron === row.cron && next.paused === row.paused) return
    const [updated] = await tx
      .update(cronSettings)
      .set({ ...next, version: row.version + 1, updatedAt: new Date(), updatedBy: actorId })
      .where(eq(cronSettings.queue, key))
      .returning()
    await applySchedule(app, tx, job, updated!)
    await recordAudit(tx, {
      userId: actorId,
      entity: 'cron',
      entityId: row.id,
      action: change.action,
      before: change.action === 'update' ? { cron: row.cron } : { paused: row.paused },
      after: change.action === 'update' ? { cron: next.cron } : { paused: next.paused },
    })
  })
  return readCronJob(app, job)
}

export function pauseCron(app: FastifyInstance, actorId: number, key: string, version: number) {
  return changeCron(app, actorId, key, version, {
    action: 'pause',
    next: (row) => {
      if (row.paused) throw errors.conflict(cronMessages.alreadyPaused)
      return { cron: row.cron, paused: true }
    },
  })
}

export function resumeCron(app: FastifyInstance, actorId: number, key: string, version: number) {
  return changeCron(app, actorId, key, version, {
    action: 'resume',
    next: (row) => {
      if (!row.paused) throw errors.conflict(cronMessages.notPaused)
      return { cron: row.cron, paused: false }
    },
  })
}

/** A new schedule: checked (400 in French), then saved and applied to the engine at once. */
export function rescheduleCron(
  app: FastifyInstance,
  actorId: number,
  key: string,
  { cron, version }: { cron: string; version: number },
) {
  const { cron: expression } = previewCron(app, definitionOf(key), cron, 1)
  return changeCron(app, actorId, key, version, {
    action: 'update',
    next: (row) => ({ cron: expression, paused: row.paused }),
  })
}

/**
 * Runs a job now, paused or not (an explicit request), never retried. The queue holds one waiting run
 * at most: 409 when one is already waiting.
 */
export async function runCronNow(app: FastifyInstance, actorId: number, key: string): Promise<void> {
  definitionOf(key)
  await app.database.db.transaction(async (tx) => {
    const row = await lockSettings(tx, key)
    const data: CronJobData = { trigger: 'manual', userId: actorId }
    const id = await app.jobs.send(key, data, { tx: tx as Db, retryLimit: 0 })
    if (id === null) throw new HttpError(409, 'CRON_ALREADY_QUEUED', cronMessages.alreadyQueued)
    await recordAudit(tx, { userId: actorId, entity: 'cron', entityId: row.id, action: 'run' })
  })
  // Committed: this process takes it now (another may take it first; either way it runs once).
  app.jobs.wake(key)
}
