// Lead assignment (issue #4, docs/domain.md "Leads"): the blocking causes of a call-capable user, and
// the exactly-once hand-out of the best workable lead of the user's missions.
import { and, eq, sql } from 'drizzle-orm'
import { BLOCKING_CAUSES, type BlockingCause } from '../../src/contracts/blocking.ts'
import type { Db } from '../db/client.ts'
import { leadEvents, leads, users } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { leadIdOfCall, ongoingCallOf, untaggedCallOf } from './call-state.ts'

/** The database or a transaction (a PgTransaction is a PgDatabase). */
type Tx = Db

export type Blocking = { cause: BlockingCause; redirect: string; message: string }

const MESSAGES: Record<BlockingCause, string> = {
  ONGOING_CALL: 'Un appel est en cours : terminez le traitement du lead avant d’en prendre un autre.',
  UNTAGGED_CALL: 'Un appel n’a pas été taggé : taggez le lead avant d’en prendre un autre.',
  UNFINISHED_PROCESSING_LEAD:
    'Vous avez un lead en cours de traitement : terminez-le avant d’en prendre un autre.',
}

/** Spec §2: the page to show, carrying `?redirect=…&cause=…` for the blocking-reason overlay. */
export function blockingRedirect(path: string, cause: BlockingCause): string {
  return `${path}?redirect=${path}&cause=${cause}`
}

async function uuidOf(db: Tx, leadId: number | null): Promise<string | null> {
  if (leadId === null) return null
  const [row] = await db.select({ uuid: leads.uuid }).from(leads).where(eq(leads.id, leadId))
  return row?.uuid ?? null
}

/** The lead the user holds (processing user), if any. */
export async function heldLeadOf(db: Tx, userId: number): Promise<{ id: number; uuid: string } | null> {
  const [row] = await db
    .select({ id: leads.id, uuid: leads.uuid })
    .from(leads)
    .where(eq(leads.processingUserId, userId))
    .orderBy(leads.processingSince)
    .limit(1)
  return row ?? null
}

/** The first blocking cause of the user, in the order ongoing call, untagged call, held lead. */
export async function blockingCauseOf(db: Tx, userId: number): Promise<Blocking | null> {
  const held = await heldLeadOf(db, userId)
  const ongoing = await ongoingCallOf(db, userId)
  if (ongoing) {
    const uuid = (await uuidOf(db, leadIdOfCall(ongoing))) ?? held?.uuid ?? null
    return blocking('ONGOING_CALL', uuid ? `/lead/${uuid}` : '/home')
  }
  const untagged = await untaggedCallOf(db, userId)
  if (untagged) {
    const uuid = await uuidOf(db, leadIdOfCall(untagged))
    return blocking('UNTAGGED_CALL', uuid ? `/lead/${uuid}` : '/home')
  }
  if (held) return blocking('UNFINISHED_PROCESSING_LEAD', `/lead/${held.uuid}`)
  return null
}

function blocking(cause: BlockingCause, path: string): Blocking {
  return { cause: BLOCKING_CAUSES[cause], redirect: blockingRedirect(path, cause), message: MESSAGES[cause] }
}

export function blockingError(b: Blocking): HttpError {
  return new HttpError(403, b.cause, b.message, { redirect: b.redirect })
}

/**
 * Workable and free, in the user's missions and not expired (docs/domain.md "Leads"). `l`, `m` are
 * the lead and mission aliases of the queries below.
 */
export const WORKABLE_SQL = sql`l.processing_user_id is null
  and l.meet_request_date + make_interval(days => m.lead_processing_duration_days) > now()
  and (
    (l.status in ('RECALL', 'UNREACHABLE') and coalesce(l.recall_at, '-infinity'::timestamptz) <= now())
    or l.status = 'NEW'
    or (l.status = 'IN_PROGRESS' and l.substatus is distinct from 'WAITING_FOR_FORCED_RDV')
  )`

/** A deliberate pick from the search may take a recall before it is due; the rest is as above. */
const PICKABLE_SQL = sql`l.processing_user_id is null
  and l.meet_request_date + make_interval(days => m.lead_processing_duration_days) > now()
  and l.status in ('NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE')
  and l.substatus is distinct from 'WAITING_FOR_FORCED_RDV'`

/** Locks the user's row: two tabs of one user asking at once are served one after the other. */
async function lockUser(tx: Tx, userId: number) {
  await tx.execute(sql`select id from ${users} where id = ${userId} for update`)
}

async function recordAssignment(tx: Tx, userId: number, leadId: number, via: 'find' | 'pick') {
  await tx.update(users).set({ processingLeadId: leadId, updatedAt: new Date() }).where(eq(users.id, userId))
  await tx
    .insert(leadEvents)
    .values({ leadId, userId, kind: 'assignment', data: { action: 'assigned', via } })
}

type Assigned = { id: number; uuid: string }

function rowsOf(result: unknown): Assigned[] {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[])
  return (rows as { id: number | string; uuid: string }[]).map((r) => ({ id: Number(r.id), uuid: r.uuid }))
}

/**
 * One statement takes the best lead: due recalls first (oldest recall first), then the others by
 * oldest meetRequestDate. SKIP LOCKED lets simultaneous callers take different rows; the outer
 * `processing_user_id is null` re-check makes a row taken meanwhile yield nothing (then we retry).
 */
async function takeBestLead(tx: Tx, userId: number): Promise<Assigned | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await tx.execute(sql`
      update leads set processing_user_id = ${userId}, processing_since = now(), updated_at = now()
      where id = (
        select l.id from leads l
        join markets mk on mk.id = l.market_id
        join missions m on m.id = mk.mission_id
        join mission_users mu on mu.mission_id = m.id and mu.user_id = ${userId}
        where ${WORKABLE_SQL}
        order by (case when l.status in ('RECALL', 'UNREACHABLE') then 0 else 1 end),
          l.recall_at asc nulls first, l.meet_request_date asc, l.id asc
        limit 1
        for update of l skip locked
      ) and processing_user_id is null
      returning id, uuid`)
    const [row] = rowsOf(result)
    if (row) return row
  }
  return null
}

export type FindOutcome =
  { kind: 'assigned'; lead: Assigned } | { kind: 'none' } | { kind: 'blocked'; blocking: Blocking }

/** POST /api/lead/find-lead-to-process: the checks and the take in one transaction. */
export async function findLeadToProcess(db: Db, userId: number): Promise<FindOutcome> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const blocked = await blockingCauseOf(tx, userId)
    if (blocked) return { kind: 'blocked', blocking: blocked }
    const lead = await takeBestLead(tx, userId)
    if (!lead) return { kind: 'none' }
    await recordAssignment(tx, userId, lead.id, 'find')
    return { kind: 'assigned', lead }
  })
}

/**
 * POST /api/lead/search/pick/{leadId}: the same checks, then that lead only if it is free, workable
 * and in one of the user's missions (managers and admins: any mission).
 */
export async function pickLead(
  db: Db,
  userId: number,
  leadId: number,
  anyMission: boolean,
): Promise<FindOutcome | { kind: 'unavailable' }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const blocked = await blockingCauseOf(tx, userId)
    if (blocked) return { kind: 'blocked', blocking: blocked }
    const result = await tx.execute(sql`
      update leads set processing_user_id = ${userId}, processing_since = now(), updated_at = now()
      where id = ${leadId} and processing_user_id is null and exists (
        select 1 from leads l
        join markets mk on mk.id = l.market_id
        join missions m on m.id = mk.mission_id
        where l.id = ${leadId} and ${PICKABLE_SQL}
          and (${anyMission} or exists (
            select 1 from mission_users mu where mu.mission_id = m.id and mu.user_id = ${userId}))
      )
      returning id, uuid`)
    const [lead] = rowsOf(result)
    if (!lead) return { kind: 'unavailable' }
    await recordAssignment(tx, userId, lead.id, 'pick')
    return { kind: 'assigned', lead }
  })
}

/** Frees a lead held by the user (unassign, or a tag that ends processing). */
export async function releaseLead(tx: Tx, userId: number, leadId: number, reason: string) {
  await tx
    .update(leads)
    .set({ processingUserId: null, processingSince: null, updatedAt: new Date() })
    .where(and(eq(leads.id, leadId), eq(leads.processingUserId, userId)))
  await tx
    .update(users)
    .set({ processingLeadId: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.processingLeadId, leadId)))
  await tx
    .insert(leadEvents)
    .values({ leadId, userId, kind: 'assignment', data: { action: 'released', reason } })
}
