// Issue #15: the job queues' counts for the metrics and /dev/monitor. pg-boss's getQueues() is one
// query on its queue table, whose counts its monitor pass keeps (every JOBS_SUPERVISE_SECONDS): cheap
// even on PGlite's single connection. A scrape never waits more than TIMEOUT_MS for it.
import type { PgBoss } from 'pg-boss'

export type JobQueueCounts = { name: string; queued: number; active: number; failed: number }

const TIMEOUT_MS = 1000

export async function readJobQueues(boss: PgBoss): Promise<JobQueueCounts[] | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), TIMEOUT_MS)
  })
  try {
    const queues = await Promise.race([boss.getQueues(), timeout])
    return (
      queues?.map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      })) ?? null
    )
  } catch {
    // Not started yet, or closing: no figures rather than a failed scrape.
    return null
  } finally {
    clearTimeout(timer)
  }
}
