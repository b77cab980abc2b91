// The missions an extraction may name (issue #26 point 1, docs/domain.md "Extractions"): only those
// whose leads the requester sees (server/domain/leads/access.ts), checked when the count or the
// extraction is asked for, and again by the background job when it starts and when its file is
// written. A mission (or a market of a mission) one does not see answers like one that does not exist.
import { and, inArray } from 'drizzle-orm'
import type { ExtractionFilters } from '../../../src/contracts/extractions.ts'
import type { Db } from '../../db/client.ts'
import { markets, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { missionScopeCondition, type LeadActor } from '../leads/access.ts'
import { MARKET_NOT_FOUND, MISSION_NOT_FOUND } from '../missions/reads.ts'

type NamedScope = Pick<ExtractionFilters, 'missionIds' | 'marketIds'>

/** Which of the missions, then markets, the filters name that the actor does not see (or do not exist). */
async function unseen(db: Db, actor: LeadActor, filters: NamedScope) {
  const missionIds = [...new Set(filters.missionIds)]
  const marketIds = [...new Set(filters.marketIds)]
  const [seenMissions, seenMarkets] = await Promise.all([
    missionIds.length === 0
      ? []
      : db
          .select({ id: missions.id })
          .from(missions)
          .where(and(inArray(missions.id, missionIds), missionScopeCondition(db, actor, missions.id))),
    marketIds.length === 0
      ? []
      : db
          .select({ id: markets.id })
          .from(markets)
          .where(and(inArray(markets.id, marketIds), missionScopeCondition(db, actor, markets.missionId))),
  ])
  return {
    missions: missionIds.length - seenMissions.length,
    markets: marketIds.length - seenMarkets.length,
  }
}

/** 404 "Mission introuvable." (or "Marché introuvable.") when the filters name one the actor does not see. */
export async function assertExtractionScope(db: Db, actor: LeadActor, filters: NamedScope): Promise<void> {
  const missing = await unseen(db, actor, filters)
  if (missing.missions > 0) throw errors.notFound(MISSION_NOT_FOUND)
  if (missing.markets > 0) throw errors.notFound(MARKET_NOT_FOUND)
}

/** Whether the actor still sees every mission and market the filters name (the job's checks). */
export async function extractionScopeHolds(db: Db, actor: LeadActor, filters: NamedScope): Promise<boolean> {
  const missing = await unseen(db, actor, filters)
  return missing.missions === 0 && missing.markets === 0
}
