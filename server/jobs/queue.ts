// What a queue module of server/jobs says: the queue's name, its options and its handler, which calls
// one domain function. server/jobs/queues.ts lists them; server/plugins/workers.ts works them.
import type { FastifyInstance } from 'fastify'
import type { JobHandler, JobQueueOptions } from '../plugins/jobs.ts'

export type JobQueue = {
  name: string
  /** Read when the worker registers (a few options come from the app's configuration). */
  options: (app: FastifyInstance) => JobQueueOptions
  /** Builds the handler once, when the worker registers (it may add a hook of its own). */
  handler: (app: FastifyInstance) => JobHandler<object>
}

/** Types a queue module against its job's data. */
export function jobQueue<T extends object>(queue: {
  name: string
  options: (app: FastifyInstance) => JobQueueOptions
  handler: (app: FastifyInstance) => JobHandler<T>
}): JobQueue {
  return queue as JobQueue
}
