// A mission's banner (issue #12 "Missions", server/domain/missions/banner.ts): one multipart file, its
// type recognised from the content, re-encoded to WebP (server/domain/files/uploads.ts), served at
// /api/mission/{id}/banner?v={content hash}. No version in the request (a multipart file only): the
// upload bumps the mission's version, so a form still open on the old one gets 409.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import { missionSchema } from '../../../src/contracts/missions.ts'
import { safeText } from '../../../src/contracts/safe-text.ts'
import { uploadedImage } from '../../domain/files/uploads.ts'
import { BANNER_HEIGHT, BANNER_WIDTH, readBanner, setBanner } from '../../domain/missions/banner.ts'

export const BANNER_MAX_BYTES = 4 * 1024 * 1024
const ADMINS = ['ADMIN'] as const

export default async function bannerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  await app.register(multipart, { limits: { fileSize: BANNER_MAX_BYTES, files: 1, fields: 0, parts: 1 } })

  app.post(
    '/api/mission/:id/banner',
    {
      config: { access: ADMINS },
      bodyLimit: BANNER_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['missions'],
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: missionSchema, 409: conflictBodySchema(missionSchema), ...commonErrors },
      },
    },
    async (request) => {
      const content = await uploadedImage(request, BANNER_WIDTH, BANNER_HEIGHT)
      return setBanner(app, request.auth.user!.id, request.params.id, content)
    },
  )

  app.delete(
    '/api/mission/:id/banner',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['missions'],
        params: idParamSchema,
        response: { 200: missionSchema, ...commonErrors },
      },
    },
    async (request) => setBanner(app, request.auth.user!.id, request.params.id, null),
  )

  app.get(
    '/api/mission/:id/banner',
    {
      // Agents see the banner on the lead sheet: every signed-in user reads it.
      config: { access: 'authenticated' },
      schema: {
        tags: ['missions'],
        params: idParamSchema,
        querystring: z.object({ v: safeText().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const row = await readBanner(db, request.params.id)
      // The URL carries the content version: a matching version never changes, so it may be cached.
      const immutable = request.query.v !== undefined && request.query.v === row.version
      reply.header('cache-control', immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache')
      reply.header('content-type', 'image/webp')
      return reply.send(row.content)
    },
  )
}
