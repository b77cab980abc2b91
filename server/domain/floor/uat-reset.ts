// POST /api/dev/uat/reset-calls-and-leads (spec §7, issue #15): calls and leads back to the demo
// state in one transaction — the lead-side rows go (calls, outcomes, appointments, lead history, the
// day's activity rollups), the demo's leads come back from the seed's generator into the demo
// missions' markets (found by name). Users, teams, missions, markets, call processes, tags, the
// configuration and each user's experience and badges stay (docs/domain.md "UAT reset").
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { appointments, markets, missions, users } from '../../db/schema.ts'
import { insertDemoLeads } from '../../db/seed.ts'
import { CALL_PROCESSES } from '../../db/seed-call-processes.ts'
import { MISSIONS } from '../../db/seed-data.ts'
import type { LeadMarket } from '../../db/seed-leads.ts'
import { errors } from '../../lib/http-error.ts'

/** Distinct from the seed's (727275) and the migrations' (727274) locks. */
const RESET_LOCK_ID = 727276

export const NO_DEMO_MISSIONS = 'Les missions de démonstration sont introuvables : rien n’a été réinitialisé.'

/** The demo markets as the seed made them, in the seed's order (the generator depends on it). */
async function demoMarkets(tx: Db): Promise<LeadMarket[]> {
  const found: LeadMarket[] = []
  for (const mission of MISSIONS) {
    const [row] = await tx.select({ id: missions.id }).from(missions).where(eq(missions.name, mission.name))
    if (!row) continue
    const rows = await tx
      .select({ id: markets.id, name: markets.name })
      .from(markets)
      .where(
        and(
          eq(markets.missionId, row.id),
          inArray(
            markets.name,
            mission.markets.map((m) => m.name),
          ),
        ),
      )
    const stepCount = CALL_PROCESSES[mission.callProcess]?.steps.length ?? 1
    for (const market of mission.markets) {
      const id = rows.find((r) => r.name === market.name)?.id
      if (id !== undefined) found.push({ id, missionId: row.id, region: market.region, stepCount })
    }
  }
  return found
}

export async function resetCallsAndLeads(db: Db): Promise<{ leads: number; appointments: number }> {
  return db.transaction(async (tx) => {
    // Two resets at once (two tabs, two processes): the second waits, then redoes the same state.
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(RESET_LOCK_ID))})`)
    const leadMarkets = await demoMarkets(tx)
    if (leadMarkets.length === 0) throw errors.conflict(NO_DEMO_MISSIONS)
    await tx
      .update(users)
      .set({ viewingLeadId: null })
      .where(sql`${users.viewingLeadId} is not null`)
    // Children first; lead_events, lead_tags and appointments also cascade from leads.
    await tx.execute(sql`delete from lead_tags`)
    await tx.execute(sql`delete from appointments`)
    await tx.execute(sql`delete from lead_events`)
    await tx.execute(sql`delete from calls`)
    await tx.execute(sql`delete from daily_activity`)
    await tx.execute(sql`delete from leads`)
    const leads = await insertDemoLeads(tx, leadMarkets)
    const [booked] = await tx.select({ n: count() }).from(appointments)
    return { leads, appointments: booked?.n ?? 0 }
  })
}
