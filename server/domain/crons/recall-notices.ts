// Due-recall notices (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"): when a recall an
// agent set (status RECALL, "call back later") falls due, that agent — the author of the lead's latest
// outcome, still active — gets one web push leading to the lead's sheet. Once per recall time: the
// lead's `recall_notified_for` takes the recall time in the same statement that picks the due recalls
// (rows locked, skip locked), so two processes or two runs never tell twice; a new recall time on the
// same lead is told again. Recalls due for more than RECALL_NOTICE_WINDOW are not told any more (a
// stale "à rappeler" helps nobody; "Ma journée" counts them), nor are held, expired or closed leads.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { rowsOf, type Db } from '../../db/client.ts'
import { recallMessage } from '../../push/messages.ts'

export const RECALL_NOTICE_WINDOW_MS = 60 * 60 * 1000
/** Recalls told per run at most (the next run takes the rest, within the window). */
const BATCH = 500

export type RecallNotice = {
  leadId: number
  leadUuid: string
  leadName: string
  recallAt: Date
  userId: number
}

/** Marks the recalls fallen due since the window's start and answers whom to tell about which. */
export async function claimDueRecalls(db: Db, now: Date): Promise<RecallNotice[]> {
  const from = new Date(now.getTime() - RECALL_NOTICE_WINDOW_MS)
  const rows = rowsOf<{
    id: number
    uuid: string
    first_name: string
    last_name: string
    recall_at: Date | string
    user_id: number | null
  }>(
    await db.execute(sql`
      with due as (
        select l.id from leads l
          join markets mk on mk.id = l.market_id join missions m on m.id = mk.mission_id
        where l.status = 'RECALL' and l.processing_user_id is null
          and l.recall_at > ${from} and l.recall_at <= ${now}
          and l.recall_notified_for is distinct from l.recall_at
          and l.meet_request_date + make_interval(days => m.lead_processing_duration_days) > ${now}
        order by l.recall_at, l.id
        limit ${BATCH}
        for update of l skip locked
      ), marked as (
        update leads l set recall_notified_for = l.recall_at from due where l.id = due.id
        returning l.id, l.uuid, l.first_name, l.last_name, l.recall_at
      )
      select marked.*, (
        select lt.user_id from lead_tags lt join users u on u.id = lt.user_id and u.status = 'ACTIVE'
        where lt.lead_id = marked.id
          and not exists (select 1 from lead_tags newer where newer.lead_id = lt.lead_id
            and (newer.created_at, newer.id) > (lt.created_at, lt.id))
      ) as user_id
      from marked`),
  )
  return rows
    .filter((row) => row.user_id !== null)
    .map((row) => ({
      leadId: row.id,
      leadUuid: row.uuid,
      leadName: `${row.first_name} ${row.last_name}`.slice(0, 201),
      recallAt: new Date(row.recall_at),
      userId: row.user_id!,
    }))
}

/** Claims the due recalls and pushes each to its agent; answers how many were told. */
export async function sendRecallNotices(app: FastifyInstance, now: Date): Promise<number> {
  const notices = await claimDueRecalls(app.database.db, now)
  for (const notice of notices)
    app.push.notify(
      [notice.userId],
      recallMessage({
        kind: 'recall',
        leadUuid: notice.leadUuid,
        leadName: notice.leadName,
        recallAt: notice.recallAt.toISOString(),
      }),
    )
  return notices.length
}
