// A mission's banner (issue #12 "Missions"): uploaded like the avatars (server/domain/files/uploads.ts),
// stored in mission_banners and served at /api/mission/{id}/banner?v={content hash}, the URL written
// to missions.banner_url, which the agent screens show. The upload bumps the mission's version, so a
// form still open on the old one gets 409.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { missionBanners, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'
import { recordAudit } from '../audit/trail.ts'
import { lockMission, missionMessages } from './changes.ts'
import { getMission } from './reads.ts'

export const BANNER_WIDTH = 1200
export const BANNER_HEIGHT = 300

export function bannerUrl(id: number, version: string): string {
  return `/api/mission/${id}/banner?v=${version}`
}

/** Writes the banner (or removes it: null), bumps the version, audits; answers the mission. */
export async function setBanner(app: FastifyInstance, actorId: number, id: number, content: Buffer | null) {
  const version = content && createHash('sha256').update(content).digest('hex').slice(0, 16)
  const mission = await app.database.db.transaction(async (tx) => {
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

/** The stored banner and its content version (404 when the mission has none). */
export async function readBanner(
  db: Db,
  missionId: number,
): Promise<{ content: Buffer; version: string | null }> {
  const [row] = await db
    .select({ content: missionBanners.content, version: missions.bannerVersion })
    .from(missionBanners)
    .innerJoin(missions, eq(missions.id, missionBanners.missionId))
    .where(eq(missionBanners.missionId, missionId))
  if (!row) throw errors.notFound('Aucune bannière pour cette mission.')
  return row
}
