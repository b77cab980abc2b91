// Avatar upload (multipart, one file field, spec §5) and serving. The type is recognised from the
// content, never from what the client claims, and the image is re-encoded to WebP before storage.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { safeText } from '../../../src/contracts/safe-text.ts'
import { avatars, users } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { avatarUrl } from '../../domain/users/profiles.ts'

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
const AVATAR_SIZE = 256

/** PNG, JPEG or WebP by magic bytes; anything else is refused. */
export function sniffImageType(buffer: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg'
  if (
    buffer.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buffer.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp'
  }
  return null
}

const unsupported = () =>
  new HttpError(
    400,
    'UNSUPPORTED_IMAGE',
    'Format d’image non pris en charge : envoyez une image PNG, JPEG ou WebP.',
    {
      fields: { file: 'Format d’image non pris en charge.' },
    },
  )

export default async function avatarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } })

  app.post(
    '/api/user/avatar',
    {
      config: { access: 'authenticated' },
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatar: z.string() }), ...commonErrors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw errors.invalid('Envoyez l’image dans un formulaire multipart.')
      const file = await request.file()
      if (!file) throw errors.invalid('Aucun fichier reçu.', { file: 'Aucun fichier reçu.' })
      const input = await file.toBuffer() // throws 413 past AVATAR_MAX_BYTES
      if (!sniffImageType(input)) throw unsupported()
      let content: Buffer
      try {
        content = await sharp(input, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer()
      } catch {
        throw unsupported()
      }
      const version = createHash('sha256').update(content).digest('hex').slice(0, 16)
      const userId = request.auth.user!.id
      await db.transaction(async (tx) => {
        await tx
          .insert(avatars)
          .values({ userId, content, mimeType: 'image/webp' })
          .onConflictDoUpdate({
            target: avatars.userId,
            set: { content, mimeType: 'image/webp', updatedAt: new Date() },
          })
        await tx
          .update(users)
          .set({ avatarVersion: version, updatedAt: new Date() })
          .where(eq(users.id, userId))
      })
      await app.bus.publish('user-changed', { userId })
      return { avatar: avatarUrl({ id: userId, avatarVersion: version })! }
    },
  )

  app.get(
    '/api/user/:id/avatar',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        params: idParamSchema,
        querystring: z.object({ v: safeText().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ content: avatars.content, version: users.avatarVersion })
        .from(avatars)
        .innerJoin(users, eq(users.id, avatars.userId))
        .where(eq(avatars.userId, request.params.id))
      if (!row) throw errors.notFound('Aucun avatar pour cet utilisateur.')
      // The URL carries the content version: a matching version never changes, so it may be cached.
      const immutable = request.query.v !== undefined && request.query.v === row.version
      reply.header('cache-control', immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache')
      reply.header('content-type', 'image/webp')
      return reply.send(row.content)
    },
  )
}
