// A mission's banner (issue #12 "Missions"): uploaded like the avatars (server/routes/users/avatar.ts):
// one multipart file, its type recognised from the content, re-encoded to WebP with sharp, stored in
// mission_banners and served at /api/mission/{id}/banner?v={content hash}, the URL written to
// missions.banner_url, which the agent screens show. No version in the request (a multipart file
// only): the upload bumps the mission's version, so a form still open on the old one gets 409.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import { missionSchema } from '../../../src/contracts/missions.ts'
import { safeText } from '../../../src/contracts/safe-text.ts'
import { missionBanners, missions } from '../../db/schema.ts'
import { recordAudit } from '../../domain/audit/trail.ts'
import { lockMission, missionMessages } from '../../domain/missions/changes.ts'
import { getMission } from '../../domain/missions/reads.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'
import { sniffImageType } from '../users/avatar.ts'

export const BANNER_MAX_BYTES = 4 * 1024 * 1024
const BANNER_WIDTH = 1200
const BANNER_HEIGHT = 300
const ADMINS = ['ADMIN'] as const

export function bannerUrl(id: number, version: string): string {
  return `/api/mission/${id}/banner?v=${version}`
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

async function reencode(input: Buffer): Promise<Buffer> {
  if (!sniffImageType(input)) throw unsupported()
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(BANNER_WIDTH, BANNER_HEIGHT, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw unsupported()
  }
}

export default async function bannerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  await app.register(multipart, { limits: { fileSize: BANNER_MAX_BYTES, files: 1, fields: 0, parts: 1 } })

  /** Writes the banner (or removes it: null), bumps the version, audits; answers the mission. */
  async function setBanner(actorId: number, id: number, content: Buffer | null) {
    const version = content && createHash('sha256').update(content).digest('hex').slice(0, 16)
    const mission = await db.transaction(async (tx) => {
      const row = await lockMission(tx, id)
      if (row.archivedAt) throw errors.conflict(missionMessages.archived)
      if (content) {
        await tx
          .insert(missionBanners)
          .values({ missionId: id, content, mimeType: 'image/webp' })
          .onConflictDoUpdate({
            target: missionBanners.missionId,
            set: { content, mimeType: 'image/webp', updatedAt: new Date() },
          })
      } else {
        await tx.delete(missionBanners).where(eq(missionBanners.missionId, id))
      }
      await tx
        .update(missions)
        .set({
          bannerVersion: version,
          bannerUrl: version ? bannerUrl(id, version) : '',
          version: row.version + 1,
          updatedAt: new Date(),
        })
        .where(eq(missions.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'mission',
        entityId: id,
        action: 'update',
        before: { banner: row.bannerUrl },
        after: { banner: version ? bannerUrl(id, version) : '' },
      })
      return getMission(tx, id)
    })
    await publishReferenceDataChanged(app, { kind: 'mission', id })
    return mission
  }

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
      if (!request.isMultipart()) throw errors.invalid('Envoyez l’image dans un formulaire multipart.')
      const file = await request.file()
      if (!file) throw errors.invalid('Aucun fichier reçu.', { file: 'Aucun fichier reçu.' })
      const content = await reencode(await file.toBuffer()) // toBuffer throws 413 past the limit
      return setBanner(request.auth.user!.id, request.params.id, content)
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
    async (request) => setBanner(request.auth.user!.id, request.params.id, null),
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
      const [row] = await db
        .select({ content: missionBanners.content, version: missions.bannerVersion })
        .from(missionBanners)
        .innerJoin(missions, eq(missions.id, missionBanners.missionId))
        .where(eq(missionBanners.missionId, request.params.id))
      if (!row) throw errors.notFound('Aucune bannière pour cette mission.')
      // The URL carries the content version: a matching version never changes, so it may be cached.
      const immutable = request.query.v !== undefined && request.query.v === row.version
      reply.header('cache-control', immutable ? 'private, max-age=31536000, immutable' : 'private, no-cache')
      reply.header('content-type', 'image/webp')
      return reply.send(row.content)
    },
  )
}
