// Where the simulated floor's state lives for every server process (docs/decisions.md "Simulated
// floor"): `configuration` key 'devFloor' — the owner, its heartbeat, the agents and the counters.
// Every write is one statement or a locked row, because other processes write it at the same time:
// the owner's heartbeat keeps the stop flag another process may have set since (merged in SQL), and
// two starts at once contend for a row that exists before either locks it.
import { eq, sql } from 'drizzle-orm'
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

/**
 * The owner's heartbeat: its state over the row it holds, with the row's stop flag kept as it is (a
 * read-then-write lost a stop asked in between, and the floor ran on). Answers whether a stop was
 * asked; null when the row is another owner's (this one was taken for dead), left untouched.
 */
export async function beatFloorRow(db: Db, value: Stored): Promise<{ stopRequested: boolean } | null> {
  const [row] = await db
    .insert(configuration)
    .values({ key: KEY, value })
    .onConflictDoUpdate({
      target: configuration.key,
      set: {
        value: sql`excluded.value || jsonb_build_object('stopRequested', coalesce(${configuration.value} -> 'stopRequested', 'false'::jsonb))`,
        updatedAt: new Date(),
      },
      where: sql`${configuration.value} ->> 'owner' = ${value.owner}`,
    })
    .returning({ value: configuration.value })
  if (!row) return null
  return { stopRequested: (row.value as { stopRequested?: unknown }).stopRequested === true }
}

/** Another process asks the owner to stop: the flag alone is set, in one statement. */
export async function requestFloorStop(db: Db): Promise<void> {
  await db
    .update(configuration)
    .set({
      value: sql`jsonb_set(${configuration.value}, '{stopRequested}', 'true'::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(configuration.key, KEY))
}

/** One floor per database: the row is taken in a transaction, unless a live process holds it (409). */
export async function claimFloorRow(db: Db, value: Stored): Promise<void> {
  await db.transaction(async (tx) => {
    // With no row yet, `for update` would lock nothing: two starts would both insert and the second
    // fail on the key (a 500). Inserted here, the row is ours; else the lock below orders the starts.
    const [inserted] = await tx
      .insert(configuration)
      .values({ key: KEY, value })
      .onConflictDoNothing()
      .returning({ key: configuration.key })
    if (inserted) return
    const [row] = await tx.select().from(configuration).where(eq(configuration.key, KEY)).for('update')
    const stored = storedSchema.safeParse(row?.value)
    if (stored.success && Date.now() - new Date(stored.data.heartbeatAt).getTime() <= STALE_MS)
      throw errors.conflict('Une simulation tourne déjà sur un autre processus du serveur.')
    await tx.update(configuration).set({ value }).where(eq(configuration.key, KEY))
  })
}

export async function deleteFloorRow(db: Db): Promise<void> {
  await db.delete(configuration).where(eq(configuration.key, KEY))
}
