// A user's avatar (spec §5): stored re-encoded (server/domain/files/uploads.ts), served at
// /api/user/{id}/avatar?v={content hash}.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { avatars, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { avatarUrl } from './profiles.ts'

/** Stores the user's new avatar and tells their sessions; answers its URL. */
export async function saveAvatar(app: FastifyInstance, userId: number, content: Buffer): Promise<string> {
  const version = createHash('sha256').update(content).digest('hex').slice(0, 16)
  await app.database.db.transaction(async (tx) => {
    await tx
      .insert(avatars)
      .values({ userId, content, mimeType: 'image/webp' })
      .onConflictDoUpdate({
        target: avatars.userId,
        set: { content, mimeType: 'image/webp', updatedAt: new Date() },
      })
    await tx.update(users).set({ avatarVersion: version, updatedAt: new Date() }).where(eq(users.id, userId))
  })
  await app.bus.publish('user-changed', { userId })
  return avatarUrl({ id: userId, avatarVersion: version })!
}

/** The stored avatar and its content version (404 when the user has none). */
export async function readAvatar(
  db: Db,
  userId: number,
): Promise<{ content: Buffer; version: string | null }> {
  const [row] = await db
    .select({ content: avatars.content, version: users.avatarVersion })
    .from(avatars)
    .innerJoin(users, eq(users.id, avatars.userId))
    .where(eq(avatars.userId, userId))
  if (!row) throw errors.notFound('Aucun avatar pour cet utilisateur.')
  return row
}
