// Lead assignment (issue #4, docs/domain.md "Leads"): the blocking causes of a call-capable user, and
// the exactly-once hand-out of the best workable lead of the user's missions.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { BLOCKING_CAUSES, type BlockingCause } from '../../../src/contracts/blocking.ts'
import { executePrepared, rowsOf, type Db } from '../../db/client.ts'
import { leadEvents, leads, users } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'
import { leadPickRefusal } from './pick-rule.ts'
import { parisClock, type ParisClock } from '../../../src/contracts/calling-rules.ts'
import { HANDED_BACK_BY_ME, handedBackNotice, NOT_HANDED_BACK } from './hand-back.ts'
import { missionOpenSql, MISSION_MAX_ATTEMPTS, NOT_QUIET, underAttemptCap } from '../calls/calling-rules.ts'

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
  return appUrls.blocking(path, cause)
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

export type BlockingRow = {
  held_uuid: string | null
  ongoing_id: number | null
  ongoing_lead_uuid: string | null
  untagged_id: number | null
  untagged_lead_uuid: string | null
}

/**
 * The user's state for the blocking causes (the held lead, the ongoing call — newest — and the
 * untagged call — oldest ended — with the uuids of their leads; the rules of heldLeadOf,
 * ongoingCallOf and untaggedCallOf in server/domain/calls/state.ts), as a query over `me`, a relation
 * of one user row with `id` and `processing_lead_id`. The held lead is the one `processing_lead_id`
 * names (read from a locked, hence current, row when taking a lead), else any lead whose
 * `processing_user_id` is the user.
 */
export const STATE_OF_ME = sql`
  select coalesce(hl.uuid, h.uuid) as held_uuid,
    o.id as ongoing_id, ol.uuid as ongoing_lead_uuid,
    t.id as untagged_id, tl.uuid as untagged_lead_uuid
  from me
  left join leads hl on hl.id = me.processing_lead_id
  left join lateral (
    select l.uuid from leads l where l.processing_user_id = me.id order by l.processing_since limit 1
  ) h on true
  left join lateral (
    select c.id, coalesce(c.lead_id, c.detected_lead_id) as lead_id from calls c
    where c.user_id = me.id and c.started_at is not null and c.ended_at is null
    order by c.started_at desc, c.id desc limit 1
  ) o on true
  left join leads ol on ol.id = o.lead_id
  left join lateral (
    select c.id, coalesce(c.lead_id, c.detected_lead_id) as lead_id from calls c
    where c.user_id = me.id and c.ended_at is not null and c.lead_tag_id is null
      and (c.lead_id is not null or c.detected_lead_id is not null)
    order by c.ended_at asc, c.id asc limit 1
  ) t on true
  left join leads tl on tl.id = t.lead_id`

async function blockingStateOf(db: Tx, userId: number): Promise<BlockingRow | null> {
  const result = await db.execute(sql`
    with me as (select id, processing_lead_id from users where id = ${userId})
    ${STATE_OF_ME}`)
  return rowsOf<BlockingRow>(result)[0] ?? null
}

export function blockingFromState(state: BlockingRow | null): Blocking | null {
  if (!state) return null
  if (state.ongoing_id !== null) {
    const uuid = state.ongoing_lead_uuid ?? state.held_uuid
    return blocking('ONGOING_CALL', appUrls.leadOrHome(uuid))
  }
  if (state.untagged_id !== null) {
    return blocking('UNTAGGED_CALL', appUrls.leadOrHome(state.untagged_lead_uuid))
  }
  if (state.held_uuid) return blocking('UNFINISHED_PROCESSING_LEAD', appUrls.lead(state.held_uuid))
  return null
}

/** The first blocking cause of the user, in the order ongoing call, untagged call, held lead. */
export async function blockingCauseOf(db: Tx, userId: number): Promise<Blocking | null> {
  return blockingFromState(await blockingStateOf(db, userId))
}

function blocking(cause: BlockingCause, path: string): Blocking {
  return { cause: BLOCKING_CAUSES[cause], redirect: blockingRedirect(path, cause), message: MESSAGES[cause] }
}

export function blockingError(b: Blocking): HttpError {
  return new HttpError(403, b.cause, b.message, { redirect: b.redirect })
}

/** The lead taken, and who views its sheet (the lead update goes to them and to the taker). */
type Assigned = { id: number; uuid: string; viewerIds: number[] }

type TakeRow = BlockingRow & {
  taken_id: number | string | null
  taken_uuid: string | null
  viewer_ids: (number | string)[] | null
}

/**
 * Find and pick in ONE statement (one round trip, no explicit transaction), in this order:
 * 1. `me` locks the user's row. Two tabs of one user are served one after the other: the second
 *    waits for the first to commit and then reads the row's current `processing_lead_id`.
 * 2. `state` gives the blocking causes; the lead is taken only when there is none.
 * 3. `w` lists the user's markets whose mission may be called now (its calling hours, issue #12)
 *    with the instant before which a lead of that market is expired (meetRequestDate + the
 *    mission's leadProcessingDurationDays ≤ now) and the mission's cap of call attempts.
 * 4. `taken` updates the lead the candidate query locks (FOR UPDATE SKIP LOCKED: simultaneous
 *    callers lock different rows), re-checked free; then the user's `processing_lead_id` and the
 *    `assignment` event are written by the same statement.
 */
async function takeLead(
  db: Db,
  userId: number,
  candidate: SQL,
  via: 'find' | 'pick',
  clock: ParisClock,
): Promise<TakeRow | null> {
  const rows = await executePrepared<TakeRow>(
    db,
    `lead-take-${via}`,
    takeLeadStatement(userId, candidate, via, clock),
  )
  return rows[0] ?? null
}

export function takeLeadStatement(
  userId: number,
  candidate: SQL,
  via: 'find' | 'pick',
  clock: ParisClock,
): SQL {
  const event = JSON.stringify({ action: 'assigned', via })
  return sql`
    with me as materialized (
      select id, processing_lead_id from users where id = ${userId} for update
    ), state as materialized (${STATE_OF_ME}
    ), w as materialized (
      select mk.id as market_id, now() - make_interval(days => m.lead_processing_duration_days) as cutoff,
        ${MISSION_MAX_ATTEMPTS} as max_attempts
      from mission_users mu
      join missions m on m.id = mu.mission_id
      join markets mk on mk.mission_id = m.id
      where mu.user_id = ${userId} and m.archived_at is null and ${missionOpenSql(clock)}
    ), handed_back as materialized (${HANDED_BACK_BY_ME}
    ), taken as (
      update leads set processing_user_id = ${userId}, processing_since = now(), updated_at = now()
      where id = (${candidate}) and processing_user_id is null
      returning id, uuid
    ), holder as (
      update users set processing_lead_id = (select id from taken), updated_at = now()
      where id = ${userId} and exists (select 1 from taken)
    ), history as (
      insert into lead_events (lead_id, user_id, kind, data)
      select id, ${userId}, 'assignment', ${event}::jsonb from taken
    )
    select state.*, taken.id as taken_id, taken.uuid as taken_uuid,
      (select array_agg(v.id) from users v where v.viewing_lead_id = taken.id) as viewer_ids
    from state left join taken on true`
}

/** Inside a candidate query: nothing blocks the user (evaluated once, before the scan). */
const NOT_BLOCKED = sql`exists (
  select 1 from state where held_uuid is null and ongoing_id is null and untagged_id is null)`

/** When lead `l`'s recall is due (undated: at once, first); leads_queue_recall_due_idx's expression. */
const RECALL_DUE = sql`coalesce(l.recall_at, '-infinity'::timestamptz)`

/**
 * The two queues of docs/domain.md "Leads", each walked through its partial index (migrations
 * 0004, 0031): due recalls by oldest recall first, then new or interrupted leads by oldest
 * meetRequestDate. The oldest cutoff of the user's markets bounds the index scan; each market's own
 * cutoff is then checked. COALESCE runs the second queue only when the first yields nothing. The
 * calling rules (issue #12) skip a lead in its quiet period or at its mission's cap of attempts; a
 * lead the user handed back within the cool-down is skipped for them only (issue #29).
 */
export const BEST_LEAD = sql`select coalesce(
  (select l.id from leads l
    join w on w.market_id = l.market_id and l.meet_request_date > w.cutoff
    where ${NOT_BLOCKED}
      and l.processing_user_id is null and l.status in ('RECALL', 'UNREACHABLE')
      and l.meet_request_date > (select min(cutoff) from w)
      and ${RECALL_DUE} <= now()
      and ${NOT_QUIET} and ${underAttemptCap(sql`w.max_attempts`)}
      and ${NOT_HANDED_BACK}
    order by ${RECALL_DUE}, l.id
    limit 1
    for update of l skip locked),
  (select l.id from leads l
    where ${NOT_BLOCKED}
      and l.processing_user_id is null and l.status in ('NEW', 'IN_PROGRESS')
      and l.substatus is distinct from 'WAITING_FOR_FORCED_RDV'
      and l.market_id in (select market_id from w)
      and l.meet_request_date > (select min(cutoff) from w)
      and l.meet_request_date > (select w.cutoff from w where w.market_id = l.market_id)
      and ${NOT_QUIET}
      and ${underAttemptCap(sql`(select w.max_attempts from w where w.market_id = l.market_id)`)}
      and ${NOT_HANDED_BACK}
    order by l.meet_request_date asc, l.id asc
    limit 1
    for update of l skip locked))`

export type FindOutcome =
  | { kind: 'assigned'; lead: Assigned }
  | { kind: 'none'; message?: string }
  | { kind: 'blocked'; blocking: Blocking }

function outcomeOf(row: TakeRow | null): FindOutcome | null {
  const blocked = blockingFromState(row)
  if (blocked) return { kind: 'blocked', blocking: blocked }
  if (row?.taken_uuid)
    return {
      kind: 'assigned',
      lead: { id: Number(row.taken_id), uuid: row.taken_uuid, viewerIds: (row.viewer_ids ?? []).map(Number) },
    }
  return null
}

/** POST /api/lead/find-lead-to-process: the checks and the take in one statement. */
export async function findLeadToProcess(db: Db, userId: number, now = new Date()): Promise<FindOutcome> {
  // The candidate skips rows other callers hold locked; a row taken and committed by another caller
  // after this statement's snapshot is re-checked by PostgreSQL when locked, and skipped.
  const outcome = outcomeOf(await takeLead(db, userId, BEST_LEAD, 'find', parisClock(now)))
  if (outcome) return outcome
  const message = await handedBackNotice(db, userId)
  return message ? { kind: 'none', message } : { kind: 'none' }
}

/**
 * POST /api/lead/search/pick/{leadId}: the same checks, then that lead only if nothing refuses it
 * (server/domain/leads/pick-rule.ts, the rule search results show as `canPick`): free, workable and
 * in one of the user's missions (managers and admins: any mission). A deliberate pick may take a
 * recall before it is due.
 */
export async function pickLead(
  db: Db,
  userId: number,
  leadId: number,
  anyMission: boolean,
  now = new Date(),
): Promise<FindOutcome | { kind: 'unavailable' }> {
  const clock = parisClock(now)
  const candidate = sql`select l.id from leads l
    join markets mk on mk.id = l.market_id
    join missions m on m.id = mk.mission_id
    where ${NOT_BLOCKED} and l.id = ${leadId}
      and (${leadPickRefusal(userId, anyMission, clock)}) is null
    for update of l`
  return outcomeOf(await takeLead(db, userId, candidate, 'pick', clock)) ?? { kind: 'unavailable' }
}

/**
 * Frees a lead held by the user (unassign, or the holder handing it back); the `assignment` event
 * says why (`reason`, a code) and carries `extra` (the holder's own words, `comment`).
 */
export async function releaseLead(
  tx: Tx,
  userId: number,
  leadId: number,
  reason: string,
  extra: Record<string, unknown> = {},
) {
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
    .values({ leadId, userId, kind: 'assignment', data: { action: 'released', reason, ...extra } })
}
