// Changing markets (issue #12 "Markets", docs/domain.md "Missions and markets"): create, edit and
// delete, each with its audit entry in the change's transaction. A market's name is unique within
// its mission (folded); a market with leads cannot be deleted; an archived mission's markets are
// read-only until it is restored.
import { eq, sql } from 'drizzle-orm'
import type { Market } from '../../../src/contracts/markets.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { leads, markets } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { lockMission } from '../missions/changes.ts'
import { getMarket, MARKET_NOT_FOUND } from '../missions/reads.ts'

export const marketMessages = {
  nameTaken: 'Cette mission a déjà un marché de ce nom.',
  hasLeads: 'Ce marché a des leads : il ne peut pas être supprimé.',
  missionArchived: 'La mission de ce marché est archivée : restaurez-la pour modifier ses marchés.',
} as const

type MarketFields = { name: string; postalCodePrefixes: string[] }

async function uniqueName<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change()
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(marketMessages.nameTaken)
    throw error
  }
}

async function assertNameFree(tx: Tx, missionId: number, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: markets.id })
    .from(markets)
    .where(sql`${markets.missionId} = ${missionId} and app_fold(${markets.name}) = app_fold(${name})`)
  if (row && row.id !== exceptId) throw errors.conflict(marketMessages.nameTaken)
}

/** Locks the mission first, then the market: the order mission changes take (no deadlock). */
async function lockMarket(tx: Tx, id: number) {
  const [found] = await tx.select({ missionId: markets.missionId }).from(markets).where(eq(markets.id, id))
  if (!found) throw errors.notFound(MARKET_NOT_FOUND)
  const mission = await lockMission(tx, found.missionId)
  const [row] = await tx.select().from(markets).where(eq(markets.id, id)).for('update')
  if (!row) throw errors.notFound(MARKET_NOT_FOUND)
  return { row, mission }
}

function snapshot(fields: MarketFields & { missionName?: string }) {
  return {
    ...(fields.missionName === undefined ? {} : { mission: fields.missionName }),
    name: fields.name,
    postalCodePrefixes: fields.postalCodePrefixes.join(', '),
  }
}

export async function createMarket(
  db: Db,
  actorId: number,
  body: MarketFields & { missionId: number },
): Promise<Market> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const mission = await lockMission(tx, body.missionId).catch(() => {
        throw errors.invalid('Cette mission n’existe pas.', { missionId: 'Cette mission n’existe pas.' })
      })
      if (mission.archivedAt) throw errors.conflict(marketMessages.missionArchived)
      await assertNameFree(tx, body.missionId, body.name)
      const [row] = await tx.insert(markets).values(body).returning({ id: markets.id })
      await recordAudit(tx, {
        userId: actorId,
        entity: 'market',
        entityId: row!.id,
        action: 'create',
        after: snapshot({ ...body, missionName: mission.name }),
      })
      return getMarket(tx, row!.id)
    }),
  )
}

export async function updateMarket(
  db: Db,
  actorId: number,
  id: number,
  { version, ...body }: MarketFields & { version: number },
): Promise<Market> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const { row, mission } = await lockMarket(tx, id)
      await assertVersion(row.version, version, () => getMarket(tx, id))
      if (mission.archivedAt) throw errors.conflict(marketMessages.missionArchived)
      const before = snapshot(row)
      const after = snapshot(body)
      if (before.name === after.name && before.postalCodePrefixes === after.postalCodePrefixes)
        return getMarket(tx, id)
      if (row.name !== body.name) await assertNameFree(tx, row.missionId, body.name, id)
      await tx
        .update(markets)
        .set({ ...body, version: row.version + 1, updatedAt: new Date() })
        .where(eq(markets.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'market',
        entityId: id,
        action: 'update',
        before,
        after,
      })
      return getMarket(tx, id)
    }),
  )
}

export async function deleteMarket(db: Db, actorId: number, id: number, version: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { row, mission } = await lockMarket(tx, id)
    await assertVersion(row.version, version, () => getMarket(tx, id))
    if (mission.archivedAt) throw errors.conflict(marketMessages.missionArchived)
    const [withLead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.marketId, id)).limit(1)
    if (withLead) throw errors.conflict(marketMessages.hasLeads)
    await recordAudit(tx, {
      userId: actorId,
      entity: 'market',
      entityId: id,
      action: 'delete',
      before: snapshot({ ...row, missionName: mission.name }),
    })
    await tx.delete(markets).where(eq(markets.id, id))
    return row.missionId
  })
}
