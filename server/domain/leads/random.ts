// GET /api/lead/random/{x} (outside production): up to x random leads the user may read, for the dev
// softphone and manual testing.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { leads, markets } from '../../db/schema.ts'
import { visibleLeadsCondition, type LeadActor } from './access.ts'

export async function randomReadableLeads(db: Db, user: LeadActor, count: number) {
  // Only the leads the user sees (server/domain/leads/access.ts).
  const readable = visibleLeadsCondition(db, user)
  // order by random() reads every readable lead: fine for demo and test volumes, which is all
  // this helper serves.
  return db
    .select({
      id: leads.id,
      uuid: leads.uuid,
      firstName: leads.firstName,
      lastName: leads.lastName,
      phone: leads.phone,
      status: leads.status,
      missionId: markets.missionId,
    })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(readable)
    .orderBy(sql`random()`)
    .limit(count)
}
