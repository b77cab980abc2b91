// The durable job engine (issue #13): pg-boss 12 on the product's own database, PostgreSQL or the
// embedded PGlite (pg-boss's `pglite` backend over the same single connection). Background work that
// must survive a restart or run once across several processes (imports, large extractions, and the
// scheduled jobs of issue #15, server/plugins/crons.ts) goes through `app.jobs`; nothing keeps its own
// queue.
//
// Every process runs the engine and the workers registered with `app.jobs.work`: a job is taken by
// exactly one of them; a worker that dies stops heartbeating and its job is retried elsewhere.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { PgBoss, fromPglite, type Job, type Queue, type SendOptions } from 'pg-boss'
import type { Db } from '../db/client.ts'
import { jobDatabaseOf } from '../lib/job-database.ts'

/** A job handler gets one job at a time; `job.signal` aborts when the process stops. */
export type JobHandler<T extends object> = (job: Job<T>) => Promise<void>

export type JobQueueOptions = Pick<
  Queue,
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
  | 'retryDelayMax'
  | 'expireInSeconds'
  | 'heartbeatSeconds'
  | 'policy'
> & {
  /** Jobs of this queue one process runs at once (default 1). */
  localConcurrency?: number
  /** How often an idle worker asks for a job (default 0.5 s). */
  pollingIntervalSeconds?: number
}

export type Jobs = {
  /**
   * Queues a job. With `tx`, the job is written in that Drizzle transaction: it exists only if the
   * transaction commits (the write that asks for the job and the job are one).
   */
  send: <T extends object>(
    queue: string,
    data: T,
    options?: SendOptions & { tx?: Db },
  ) => Promise<string | null>
  /** Declares a queue and its worker; call while the app registers its routes (before ready). */
  work: <T extends object>(queue: string, options: JobQueueOptions, handler: JobHandler<T>) => void
  /**
   * Wakes this process's worker of a queue, so a job just sent (issue #15: "run now") starts now
   * rather than at the worker's next poll. Does nothing before start or for an unknown queue.
   */
  wake: (queue: string) => void
  /** The engine itself, for what the wrapper does not cover (state queries). */
  boss: () => PgBoss
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    jobs: Jobs
  }
}

type Registration = { queue: string; options: JobQueueOptions; handler: JobHandler<object> }

async function jobsPlugin(app: FastifyInstance) {
  const { database } = app
  // A job whose worker died (no heartbeat) is failed and retried at the next supervision pass.
  const seconds = app.config.jobsSuperviseSeconds
  // Issue #15: CRONS_ENABLED=false leaves the scheduled jobs' occurrences to other processes (the
  // tests: nothing runs unless a test asks); the schedules themselves are rows every process shares.
  const supervision = {
    superviseIntervalSeconds: seconds,
    monitorIntervalSeconds: seconds,
    schedule: app.config.cronsEnabled,
  }
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', schema: 'pgboss', ...supervision })
      : new PgBoss({
          ...supervision,
          connectionString: database.connectionString!,
          max: 2,
          schema: 'pgboss',
          application_name: 'centre-appels-jobs',
        })
  boss.on('error', (error) => app.log.error({ err: error }, 'jobs: engine error'))
  const registrations: Registration[] = []
  const workerIds = new Map<string, string>()
  let started = false

  app.decorate('jobs', {
    send: async (queue, data, options = {}) => {
      const { tx, ...sendOptions } = options
      return boss.send(queue, data, tx ? { ...sendOptions, db: jobDatabaseOf(tx) } : sendOptions)
    },
    work: (queue, options, handler) => {
      if (started) throw new Error(`jobs: worker ${queue} registered after start`)
      registrations.push({ queue, options, handler: handler as JobHandler<object> })
    },
    wake: (queue) => {
      const id = workerIds.get(queue)
      if (id) boss.notifyWorker(id)
    },
    boss: () => boss,
  } satisfies Jobs)

  app.addHook('onReady', async () => {
    await boss.start()
    started = true
    for (const { queue, options, handler } of registrations) {
      const { localConcurrency = 1, pollingIntervalSeconds = 0.5, ...queueOptions } = options
      await boss.createQueue(queue, queueOptions)
      // Queue settings are kept by the first process that created the queue: apply this version's
      // (but the policy, which pg-boss never changes after creation).
      const { policy: _policy, ...updatable } = queueOptions
      if (Object.keys(updatable).length > 0) await boss.updateQueue(queue, updatable)
      // One job per fetch: a job may run for minutes (an import), and a fetched job is reserved.
      const id = await boss.work<object>(
        queue,
        { batchSize: 1, localConcurrency, pollingIntervalSeconds },
        async ([job]) => handler(job!),
      )
      workerIds.set(queue, id)
    }
  })
  // Before the database closes (the database plugin's hook runs after this one: hooks run in reverse).
  app.addHook('onClose', async () => {
    if (started) await boss.stop({ graceful: true, timeout: 5_000, close: true })
  })
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database'] })
