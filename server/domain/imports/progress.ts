// Live progress of an import (issue #13): a small signal to every administrator's own
// `user:{id}:importProgress` channel, through the bus so every process's sockets get it; at most a
// few per second (the page refetches the detail at the end). A lost signal costs nothing but a
// stale bar until the next one.
import type { FastifyInstance } from 'fastify'
import type { ImportProgress, ImportState } from '../../../src/contracts/imports.ts'

/** At most one signal per this many milliseconds, the last state of a run always sent. */
export const PROGRESS_INTERVAL_MS = 250

export type ProgressSnapshot = { state: ImportState; rowsDone: number; totalRows: number }

export function createProgress(app: FastifyInstance, importId: number, startRowsDone: number) {
  const startedAt = Date.now()
  let lastSentAt = 0

  function payload({ state, rowsDone, totalRows }: ProgressSnapshot): ImportProgress {
    const seconds = (Date.now() - startedAt) / 1000
    const rowsPerSecond = seconds > 0 ? Math.round(((rowsDone - startRowsDone) / seconds) * 10) / 10 : 0
    const left = Math.max(0, totalRows - rowsDone)
    const secondsLeft = state === 'running' && rowsPerSecond > 0 ? Math.ceil(left / rowsPerSecond) : null
    return { importId, state, rowsDone, totalRows: Math.max(totalRows, rowsDone), rowsPerSecond, secondsLeft }
  }

  async function send(snapshot: ProgressSnapshot, force = false): Promise<void> {
    const now = Date.now()
    if (!force && now - lastSentAt < PROGRESS_INTERVAL_MS) return
    lastSentAt = now
    try {
      await app.live.broadcastImportProgress(payload(snapshot))
    } catch (error) {
      app.log.warn({ err: error, importId }, 'imports: progress signal not sent')
    }
  }

  return { send }
}

/** A one-off state change (queued, cancelled, undone…) told to the administrators' pages. */
export async function announceImportState(
  app: FastifyInstance,
  snapshot: ProgressSnapshot & { importId: number },
) {
  await createProgress(app, snapshot.importId, snapshot.rowsDone).send(snapshot, true)
}
