// "Reference data changed" (issue #12 "Live reference data"): after a mission, market or setting
// changes, every signed-in user's screens should refetch it without a reload. The live channel has
// no broadcast to every signed-in user yet (its channels are per user, per lead or per team): the
// signal is wired in server/plugins/live.ts, where the bus will carry it to every socket.
import type { FastifyInstance } from 'fastify'

export type ReferenceDataChange = {
  kind: 'mission' | 'market' | 'configuration'
  /** The mission's or market's id; the key's stable number for configuration (src/contracts/configuration.ts). */
  id: number
}

export async function publishReferenceDataChanged(
  app: FastifyInstance,
  change: ReferenceDataChange,
): Promise<void> {
  app.log.debug({ referenceData: change }, 'reference data changed')
}
