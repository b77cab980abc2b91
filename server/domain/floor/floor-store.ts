// Where the simulated floor's state lives for every server process (docs/decisions.md "Simulated
// floor"): `configuration` key 'devFloor' — the owner, its heartbeat, the agents and the counters.
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { floorAgentSchema, floorCountersSchema } from '../../../src/contracts/dev-floor.ts'
import type { Db } from '../../db/client.ts'
import { configuration } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'

const KEY = 'devFloor'
const STALE_MS = 15_000

const storedSchema = z.object({
  owner: z.string(),
  startedAt: z.iso.datetime(),
  heartbeatAt: z.iso.datetime(),
  speed: z.number().int(),
  stopRequested: z.boolean(),
  agents: z.array(floorAgentSchema),
  counters: floorCountersSchema,
})
export type Stored = z.infer<typeof storedSchema>

/** The floor's row, unless missing or left by a process that stopped beating. */
export async function readFloorRow(db: Db): Promise<Stored | null> {
  const [row] = await db.select().from(configuration).where(eq(configuration.key, KEY))
  const parsed = storedSchema.safeParse(row?.value)
  if (!parsed.success) return null
  const age = Date.now() - new Date(parsed.data.heartbeatAt).getTime()
  return age > STALE_MS ? null : parsed.data
}

export async function writeFloorRow(db: Db, value: Stored): Promise<void> {
  await db
    .insert(configuration)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: configuration.key, set: { value, updatedAt: new Date() } })
}

/** One floor per database: the row is taken in a transaction, unless a live process holds it (409). */
export async function claimFloorRow(db: Db, value: Stored): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(configuration).where(eq(configuration.key, KEY)).for('update')
    const stored = storedSchema.safeParse(row?.value)
    if (stored.success && Date.now() - new Date(stored.data.heartbeatAt).getTime() <= STALE_MS)
      throw errors.conflict('Une simulation tourne déjà sur un autre processus du serveur.')
    if (row) await tx.update(configuration).set({ value }).where(eq(configuration.key, KEY))
    else await tx.insert(configuration).values({ key: KEY, value })
  })
}

export async function deleteFloorRow(db: Db): Promise<void> {
  await db.delete(configuration).where(eq(configuration.key, KEY))
}
