// The gamification engine (issue #14, docs/domain.md "Gamification"): called inside the transaction
// of the event that earns, it writes the experience ledger (once per event: the unique source key),
// the user's total, the tentacall series and the badges claimed. What it returns is announced after
// the commit (announce.ts), through awards.ts.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userBadges, userTentacalls, users, xpLedger, type XpSourceKind } from '../../db/schema.ts'
import { BADGES } from './badges/catalogue.ts'
import { XP_PER_ANSWERED_CALL, XP_PER_APPOINTMENT } from './config.ts'
import { loadFacts } from './facts.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import { TENTACALLS } from './tentacalls/catalogue.ts'
import type { GamificationEvent } from './types.ts'

export type Earned = {
  userId: number
  gained: number
  /** The user's new total when points were earned. */
  experiencePoints: number | null
  badges: string[]
  tentacalls: string[]
}

/** The ledger entry an event earns; a missed call earns nothing. */
export function ledgerEntryOf(
  event: GamificationEvent,
): { sourceKind: XpSourceKind; sourceId: number; points: number } | null {
  switch (event.kind) {
    case 'tag':
      return { sourceKind: 'tag', sourceId: event.leadTagId, points: event.points }
    case 'call-answered':
      return { sourceKind: 'call-answered', sourceId: event.callId, points: XP_PER_ANSWERED_CALL }
    case 'appointment':
      return { sourceKind: 'appointment', sourceId: event.appointmentId, points: XP_PER_APPOINTMENT }
    case 'call-missed':
      return null
  }
}

/** The user's series of `codes`, locked until the end of the transaction. */
function lockSeries(tx: Db, userId: number, codes: string[]) {
  return tx
    .select()
    .from(userTentacalls)
    .where(and(eq(userTentacalls.userId, userId), inArray(userTentacalls.code, codes)))
    .for('update')
}

/**
 * Moves the series the event concerns. Each is read locked, so two simultaneous events of one user
 * count one after the other. A series without a row yet has nothing to lock: its row is first
 * inserted empty (a simultaneous first event waits on that insert, then finds the committed row), then
 * locked — without it, both would count from 0 and one count would be lost.
 */
export async function advanceTentacalls(tx: Db, event: GamificationEvent, day: string): Promise<string[]> {
  const rules = TENTACALLS.filter((rule) => rule.on.includes(event.kind))
  if (!rules.length) return []
  const codes = rules.map((rule) => rule.id)
  let rows = await lockSeries(tx, event.userId, codes)
  if (rows.length < codes.length) {
    const missing = codes.filter((code) => !rows.some((row) => row.code === code))
    await tx
      .insert(userTentacalls)
      .values(missing.map((code) => ({ userId: event.userId, code })))
      .onConflictDoNothing()
    rows = await lockSeries(tx, event.userId, codes)
  }
  const awarded: string[] = []
  for (const rule of rules) {
    const state = rows.find((row) => row.code === rule.id) ?? { current: 0, record: 0, seriesKey: null }
    const next = rule.advance(state, event, day)
    if (!next) continue
    await tx
      .update(userTentacalls)
      .set({ ...next, updatedAt: new Date() })
      .where(and(eq(userTentacalls.userId, event.userId), eq(userTentacalls.code, rule.id)))
    if (next.current > state.current && rule.milestone(next.current)) awarded.push(rule.id)
  }
  return awarded
}

async function claimBadges(tx: Db, event: GamificationEvent, day: string): Promise<string[]> {
  const possible = BADGES.filter((rule) => rule.on.includes(event.kind))
  if (!possible.length) return []
  const owned = await tx
    .select({ code: userBadges.code })
    .from(userBadges)
    .where(eq(userBadges.userId, event.userId))
  const candidates = possible.filter((rule) => !owned.some((row) => row.code === rule.id))
  if (!candidates.length) return []
  const facts = await loadFacts(tx, event, day, (cheap) =>
    candidates.some((rule) => rule.needsPreviousWeek?.(cheap)),
  )
  const earned = candidates.filter((rule) => rule.earned(facts))
  if (!earned.length) return []
  const claimed = await tx
    .insert(userBadges)
    .values(earned.map((rule) => ({ userId: event.userId, code: rule.id, earnedAt: event.at })))
    .onConflictDoNothing()
    .returning({ code: userBadges.code })
  return claimed.map((row) => row.code)
}

/**
 * Records what one event earns, in the caller's transaction. Null when the event was already
 * counted (a replayed webhook, a retried request): it earns nothing again.
 */
export async function recordEvent(tx: Db, event: GamificationEvent): Promise<Earned | null> {
  const entry = ledgerEntryOf(event)
  let experiencePoints: number | null = null
  if (entry) {
    const [inserted] = await tx
      .insert(xpLedger)
      .values({ userId: event.userId, ...entry, createdAt: event.at })
      .onConflictDoNothing()
      .returning({ id: xpLedger.id })
    if (!inserted) return null
    const [user] = await tx
      .update(users)
      .set({ experiencePoints: sql`${users.experiencePoints} + ${entry.points}` })
      .where(eq(users.id, event.userId))
      .returning({ experiencePoints: users.experiencePoints })
    experiencePoints = user?.experiencePoints ?? null
  }
  const day = parisDay(event.at ?? new Date())
  const tentacalls = await advanceTentacalls(tx, event, day)
  const badges = await claimBadges(tx, event, day)
  return { userId: event.userId, gained: entry?.points ?? 0, experiencePoints, badges, tentacalls }
}

/**
 * A corrected outcome (PUT /api/lead/{leadId}/lead-tag/{leadTagId}): its ledger row takes the new
 * tag's points and the recorder's total moves by the difference (never below 0). An outcome recorded
 * before the ledger (migration 0020) has no row: the total moves by the two tags' difference, unless
 * it was recorded without a call (issue #29): that one earned nothing, and its correction neither.
 */
export async function correctTagPoints(
  tx: Db,
  input: {
    leadTagId: number
    recorderId: number | null
    points: number
    previousPoints: number
    onCall: boolean
  },
): Promise<{ userId: number; gained: number; experiencePoints: number } | null> {
  const [entry] = await tx
    .select()
    .from(xpLedger)
    .where(and(eq(xpLedger.sourceKind, 'tag'), eq(xpLedger.sourceId, input.leadTagId)))
    .for('update')
  if (!entry && !input.onCall) return null
  const userId = entry?.userId ?? input.recorderId
  const gained = input.points - (entry ? entry.points : input.previousPoints)
  if (gained === 0 || userId === null) return null
  if (entry)
    await tx
      .update(xpLedger)
      .set({ points: input.points, updatedAt: new Date() })
      .where(eq(xpLedger.id, entry.id))
  const [user] = await tx
    .update(users)
    .set({ experiencePoints: sql`greatest(0, ${users.experiencePoints} + ${gained})` })
    .where(eq(users.id, userId))
    .returning({ experiencePoints: users.experiencePoints })
  return user ? { userId, gained, experiencePoints: user.experiencePoints } : null
}
