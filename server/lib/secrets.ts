// Secrets shared by every server process: taken from the environment, or generated once and kept in
// the database so that several processes (and restarts) agree on them.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appSecrets } from '../db/schema.ts'

export async function getOrCreateSecret(db: Db, name: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name))
  if (!row) throw new Error(`secret ${name} missing`)
  return row.value
}
