// "Reference data changed" (issue #12 "Live reference data"): after a back-office change of what
// agents' screens show (a mission's colour, a script, a tag…), every signed-in page is told on its
// live channel `user:{id}:reference-data`; the page drops its service-worker reference cache and
// refetches the matching queries (src/live/live-events.ts). Call it after the change committed.
import type { FastifyInstance } from 'fastify'
import type { ReferenceDataKind } from '../../src/contracts/live-core.ts'

export type ReferenceDataChange = {
  kind: ReferenceDataKind
  /** The entity's id; the key's stable number for configuration (src/contracts/configuration.ts). */
  id: number | null
}

export async function publishReferenceDataChanged(
  app: FastifyInstance,
  change: ReferenceDataChange,
): Promise<void> {
  try {
    await app.live.broadcastReferenceData(change)
  } catch (error) {
    // The change is committed; a page that misses the signal sees it at its next refetch.
    app.log.warn({ err: error, change }, 'reference data: signal not sent')
  }
}
