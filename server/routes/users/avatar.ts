// Avatar upload (multipart, one file field, spec §5) and serving. The type is recognised from the
// content, never from what the client claims, and the image is re-encoded to WebP before storage
// (server/domain/files/uploads.ts, server/domain/users/avatar.ts).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { safeText } from '../../../src/contracts/safe-text.ts'
import { uploadedImage } from '../../domain/files/uploads.ts'
import { readAvatar, saveAvatar } from '../../domain/users/avatar.ts'

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
const AVATAR_SIZE = 256

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
      const content = await uploadedImage(request, AVATAR_SIZE, AVATAR_SIZE)
      return { avatar: await saveAvatar(app, request.auth.user!.id, content) }
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
      const row = await readAvatar(db, request.params.id)
      // The URL carries the content version: a matching version never changes, so it may be cached.
      const immutable = request.query.v !== undefined && request.query.v === row.version
      reply.header('cache-control', immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache')
      reply.header('content-type', 'image/webp')
      return reply.send(row.content)
    },
  )
}
