// The agent's own activity events (issue #14 "Timeline"; docs/domain.md "Timeline and follow-up"):
// sessions begun and ended, lead sheets opened and left. Each is written by the very statement (or
// transaction) that makes the change, so the timeline never shows a sign-out that did not happen,
// and a sheet view costs no extra round trip (it is hundreds a day per agent).
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../db/client.ts'

/** Why a session ended: signed out, lapsed (idle timeout or absolute lifetime), ended by an administrator. */
export type SignOutReason = 'logout' | 'expired' | 'ended' | 'switched'

/**
 * Deletes the sessions `where` selects and records one `signed-out` per session, in one statement.
 * `at`: when it ended (now by default; a lapsed session ended when it lapsed).
 */
export async function endSessions(db: Db, where: SQL, reason: SignOutReason, at: SQL = sql`now()`) {
  const data = JSON.stringify({ reason })
  await db.execute(sql`with gone as (
      delete from sessions where (${where}) returning user_id, ${at} as ended_at
    )
    insert into user_activity_events (user_id, kind, at, data)
    select user_id, 'signed-out', ended_at, ${data}::jsonb from gone`)
}

/** When a lapsed session ended: at its absolute expiry or its idle timeout, whichever came first. */
export function lapsedAt(idleMs: number): SQL {
  return sql`least(expires_at, last_seen_at + ${idleInterval(idleMs)}, now())`
}

/** A duration in milliseconds as an SQL interval. */
export function idleInterval(idleMs: number): SQL {
  return sql`make_interval(secs => ${idleMs / 1000}::double precision)`
}

/** A session began (inside the transaction that inserts it). */
export async function recordSignIn(tx: Db, userId: number) {
  await tx.execute(sql`insert into user_activity_events (user_id, kind) values (${userId}, 'signed-in')`)
}

/**
 * Sets (or clears, `leadId` null) the sheet the user views and records it, in one statement:
 * `sheet-viewed` when another lead is opened, `sheet-left` when the sheet viewed is cleared. With
 * `onlyFrom`, nothing changes unless the user still views that lead. Returns whether the row changed.
 */
export async function changeViewingLead(
  db: Db,
  userId: number,
  before: number | null,
  leadId: number | null,
  onlyFrom?: number,
): Promise<boolean> {
  const kind =
    leadId !== null ? (leadId !== before ? 'sheet-viewed' : null) : before !== null ? 'sheet-left' : null
  const eventLead = leadId ?? before
  const guard = onlyFrom === undefined ? sql`` : sql` and viewing_lead_id = ${onlyFrom}`
  // The lead named by the event may have been deleted meanwhile (users.viewing_lead_id has no key).
  const record =
    kind === null
      ? sql``
      : sql`, recorded as (
          insert into user_activity_events (user_id, kind, lead_id)
          select ${userId}, ${kind}, (select id from leads where id = ${eventLead}) from changed
        )`
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`with changed as (
        update users set viewing_lead_id = ${leadId} where id = ${userId}${guard} returning id
      )${record}
      select count(*) as n from changed`),
  )
  return Number(rows[0]?.n ?? 0) > 0
}
