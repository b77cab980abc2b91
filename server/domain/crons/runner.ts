// One run of a scheduled job (issue #15, docs/domain.md "Scheduled jobs"): the pg-boss worker of each
// catalogue queue calls runCron. A scheduled occurrence of a paused job does nothing (it may have been
// queued just before the pause); otherwise the run is recorded (start, end, result, what it did or why
// it failed, which process ran it), and a failing streak alerts the administrators once.
import { hostname } from 'node:os'
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'pg-boss'
import { CRON_FAILING_STREAK, type CronTrigger } from '../../../src/contracts/crons.ts'
import { cronRuns, cronSettings } from '../../db/schema.ts'
import { alertFailingCron } from './alerts.ts'
import type { CronDefinition } from './catalogue.ts'
import { runErrorMessage } from './run-errors.ts'

/** What a job of a catalogue queue carries: how it was started, and by whom for "run now". */
export type CronJobData = { trigger?: CronTrigger; userId?: number }

/** Runs are kept this long (deleted as later runs of the same job are recorded). */
export const CRON_RUNS_KEPT_DAYS = 30

/** This server process, as a run records it (issue #30: the screen names the process of a run given up). */
export const CRON_PROCESS = `${hostname()}:${process.pid}`

export async function runCron(app: FastifyInstance, job: CronDefinition, pgJob: Job<CronJobData>) {
  const { db } = app.database
  const trigger: CronTrigger = pgJob.data.trigger === 'manual' ? 'manual' : 'schedule'
  const [settings] = await db
    .select({ paused: cronSettings.paused })
    .from(cronSettings)
    .where(eq(cronSettings.queue, job.key))
  if (!settings || (trigger === 'schedule' && settings.paused)) return
  // The queue never runs two jobs of one job at once: a run still open was left by a process that
  // died (its heartbeat stopped, the engine's supervision gave its job up): marked given up here, as
  // this run takes over (issue #30).
  await db
    .update(cronRuns)
    .set({ finishedAt: new Date(), ok: false, abandoned: true })
    .where(and(eq(cronRuns.queue, job.key), isNull(cronRuns.finishedAt)))
  const [lastSuccess] = await db
    .select({ startedAt: cronRuns.startedAt })
    .from(cronRuns)
    .where(and(eq(cronRuns.queue, job.key), eq(cronRuns.ok, true)))
    .orderBy(desc(cronRuns.startedAt))
    .limit(1)
  const [run] = await db
    .insert(cronRuns)
    .values({ queue: job.key, trigger, jobId: pgJob.id, process: CRON_PROCESS })
    .returning({ id: cronRuns.id })
  let failure: unknown = null
  let summary: string | null = null
  try {
    summary = await job.run({
      app,
      signal: pgJob.signal,
      now: new Date(),
      lastSuccessAt: lastSuccess?.startedAt ?? null,
    })
  } catch (error) {
    failure = error
  }
  const error = failure === null ? null : runErrorMessage(failure)
  // Unless given up meanwhile (a live run whose beats were late): the run that took over said so.
  await db
    .update(cronRuns)
    .set({ finishedAt: new Date(), ok: failure === null, summary, error })
    .where(and(eq(cronRuns.id, run!.id), isNull(cronRuns.finishedAt)))
  await afterRun(app, job, error)
  await db
    .delete(cronRuns)
    .where(
      and(
        eq(cronRuns.queue, job.key),
        lt(cronRuns.startedAt, sql`now() - make_interval(days => ${CRON_RUNS_KEPT_DAYS})`),
      ),
    )
  // Failed for the job engine too: it retries a scheduled run when the job allows it.
  if (failure !== null) throw failure
}

/** A success ends a failing streak; the CRON_FAILING_STREAK-th failure in a row starts one (one alert). */
async function afterRun(app: FastifyInstance, job: CronDefinition, error: string | null) {
  const { db } = app.database
  if (error === null) {
    await db
      .update(cronSettings)
      .set({ failingSince: null })
      .where(and(eq(cronSettings.queue, job.key), isNotNull(cronSettings.failingSince)))
    return
  }
  const last = await db
    .select({ ok: cronRuns.ok })
    .from(cronRuns)
    // A run given up with its process (issue #30) says nothing of the job itself.
    .where(and(eq(cronRuns.queue, job.key), isNotNull(cronRuns.finishedAt), eq(cronRuns.abandoned, false)))
    .orderBy(desc(cronRuns.startedAt), desc(cronRuns.id))
    .limit(CRON_FAILING_STREAK)
  if (last.length < CRON_FAILING_STREAK || last.some((run) => run.ok !== false)) return
  // One statement decides, whichever process ran the failing run: only the first marks it.
  const marked = await db
    .update(cronSettings)
    .set({ failingSince: new Date() })
    .where(and(eq(cronSettings.queue, job.key), isNull(cronSettings.failingSince)))
    .returning({ queue: cronSettings.queue })
  if (marked.length > 0) await alertFailingCron(app, job, error)
}
