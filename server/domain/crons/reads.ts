// What the back office reads of the scheduled jobs (issue #15, docs/domain.md "Scheduled jobs"): each
// catalogue job with its settings, its schedule in words, its next run (the job engine's own parser)
// and its last runs, newest first (one statement: the index (queue, started_at desc) serves each job),
// a run given up because its process died (issue #30) said so with that process.
import { inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { cronInWords } from '../../../src/contracts/cron-schedule.ts'
import {
  CRON_RUNS_SHOWN,
  type CronJob,
  type CronRun,
  type CronTrigger,
} from '../../../src/contracts/crons.ts'
import { rowsOf } from '../../db/client.ts'
import { cronSettings } from '../../db/schema.ts'
import type { Tx } from '../audit/trail.ts'
import { CRON_CATALOGUE, type CronDefinition } from './catalogue.ts'

type RunRow = {
  id: number
  queue: string
  trigger: CronTrigger
  started_at: Date | string
  finished_at: Date | string | null
  ok: boolean | null
  summary: string | null
  error: string | null
  process: string | null
  abandoned: boolean
}

const iso = (value: Date | string) => new Date(value).toISOString()

function toRun(row: RunRow): CronRun {
  const startedAt = iso(row.started_at)
  const finishedAt = row.finished_at === null ? null : iso(row.finished_at)
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt,
    finishedAt,
    durationMs: finishedAt === null ? null : Date.parse(finishedAt) - Date.parse(startedAt),
    outcome: row.abandoned ? 'abandoned' : finishedAt === null ? 'running' : row.ok ? 'ok' : 'failed',
    summary: row.summary,
    error: row.error,
    process: row.process,
  }
}

function nextRunAt(app: FastifyInstance, cron: string): string | null {
  try {
    const [next] = app.jobs.boss().previewSchedule(cron, { tz: 'Europe/Paris', count: 1 })
    return next ? next.toISOString() : null
  } catch {
    return null
  }
}

async function readJobs(app: FastifyInstance, jobs: readonly CronDefinition[], db: Tx): Promise<CronJob[]> {
  const keys = jobs.map((job) => job.key)
  const settings = await db.select().from(cronSettings).where(inArray(cronSettings.queue, keys))
  const runs = rowsOf<RunRow>(
    await db.execute(sql`
      select r.id, r.queue, r.trigger, r.started_at, r.finished_at, r.ok, r.summary, r.error, r.process,
        -- Issue #30: an open run whose job the engine no longer holds as active was given up (its
        -- process died) before any next run marked it so.
        r.abandoned or (r.finished_at is null and r.job_id is not null and not exists (
          select 1 from pgboss.job j
          where j.name = r.queue and j.id::text = r.job_id and j.state = 'active'
        )) as abandoned
      from unnest(array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]) as k(queue)
      cross join lateral (
        select * from cron_runs where cron_runs.queue = k.queue
        order by started_at desc, id desc limit ${CRON_RUNS_SHOWN}
      ) r`),
  )
  return jobs.flatMap((job) => {
    const row = settings.find((one) => one.queue === job.key)
    if (!row) return []
    return [
      {
        key: job.key,
        name: job.name,
        description: job.description,
        cron: row.cron,
        defaultCron: job.cron,
        words: cronInWords(row.cron) ?? row.cron,
        nextRunAt: row.paused ? null : nextRunAt(app, row.cron),
        paused: row.paused,
        failingSince: row.failingSince?.toISOString() ?? null,
        version: row.version,
        updatedAt: row.updatedAt.toISOString(),
        runs: runs.filter((run) => run.queue === job.key).map(toRun),
      },
    ]
  })
}

export async function listCrons(app: FastifyInstance): Promise<CronJob[]> {
  return readJobs(app, CRON_CATALOGUE, app.database.db)
}

export async function readCronJob(app: FastifyInstance, job: CronDefinition, db: Tx = app.database.db) {
  const [read] = await readJobs(app, [job], db)
  return read!
}
