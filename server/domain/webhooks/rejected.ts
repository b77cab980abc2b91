// A delivery refused for a bad token (issue #17): recorded by its metadata only, for the status page
// (issue #15: refused deliveries and their addresses), never applied.
import { randomUUID } from 'node:crypto'
import type { TelephonyProviderName } from '../../../src/contracts/call.ts'
import type { Db } from '../../db/client.ts'
import { webhookEvents } from '../../db/schema.ts'

/** What is kept of a rejected delivery (bad token): never its body (issue #17). */
export type RejectedDelivery = { event: string; size: number; address: string }

/** A rejected delivery is recorded by its metadata only (time = received_at), never applied. */
export async function recordRejected(
  db: Db,
  provider: TelephonyProviderName,
  { event, size, address }: RejectedDelivery,
) {
  await db.insert(webhookEvents).values({
    provider,
    event,
    providerCallId: null,
    dedupeKey: `rejected:${randomUUID()}`,
    outcome: 'rejected',
    payload: { size, address },
  })
}
