// Rebuilds the daily per-agent aggregates of the Paris days `fromDay` to `toDay` from the raw tables
// (calls, lead_tags, xp_ledger), with the same rules as the triggers of migration 0020 that keep them
// live: a call counts on the day it started, an outcome and experience on the day they were recorded.
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dayRange } from '../../../src/contracts/paris-calendar.ts'

const PARIS_DAY = (column: string) => sql.raw(`(${column} at time zone 'Europe/Paris')::date`)

export async function rebuildDailyActivity(db: Db, fromDay: string, toDay: string): Promise<void> {
  const { start, end } = dayRange(fromDay, toDay)
  const inRange = (column: string) => sql`${sql.raw(column)} >= ${start} and ${sql.raw(column)} < ${end}`
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from daily_activity where day between ${fromDay} and ${toDay}`)
    await tx.execute(sql`
      with c as (
        select user_id, ${PARIS_DAY('started_at')} as day,
          count(*) filter (where direction = 'outbound') as made,
          count(*) filter (where direction = 'inbound') as received,
          count(answered_at) as answered,
          coalesce(sum(call_talk_seconds(answered_at, ended_at)), 0) as talk
        from calls where user_id is not null and ${inRange('started_at')}
        group by 1, 2
      ), t as (
        select lt.user_id, ${PARIS_DAY('lt.created_at')} as day, count(*) as tags,
          count(distinct lt.lead_id) as leads
        from lead_tags lt where lt.user_id is not null and ${inRange('lt.created_at')}
        group by 1, 2
      ), tk as (
        select user_id, day, jsonb_object_agg(tag_id::text, n) as by_outcome from (
          select lt.user_id, ${PARIS_DAY('lt.created_at')} as day, cpt.tag_id, count(*) as n
          from lead_tags lt join call_process_tags cpt on cpt.id = lt.call_process_tag_id
          where lt.user_id is not null and ${inRange('lt.created_at')}
          group by 1, 2, 3
        ) per_tag group by 1, 2
      ), x as (
        select user_id, ${PARIS_DAY('created_at')} as day, sum(points) as xp,
          count(*) filter (where source_kind = 'appointment') as appointments
        from xp_ledger where ${inRange('created_at')}
        group by 1, 2
      ), k as (
        select user_id, day from c union select user_id, day from t union select user_id, day from x
      )
      insert into daily_activity (user_id, day, calls_made, calls_received, answered, talk_seconds,
        tags, tags_by_outcome, appointments, leads_processed, xp)
      select k.user_id, k.day, coalesce(c.made, 0), coalesce(c.received, 0), coalesce(c.answered, 0),
        coalesce(c.talk, 0), coalesce(t.tags, 0), coalesce(tk.by_outcome, '{}'::jsonb),
        coalesce(x.appointments, 0), coalesce(t.leads, 0), coalesce(x.xp, 0)
      from k
      left join c on c.user_id = k.user_id and c.day = k.day
      left join t on t.user_id = k.user_id and t.day = k.day
      left join tk on tk.user_id = k.user_id and tk.day = k.day
      left join x on x.user_id = k.user_id and x.day = k.day
      where exists (select 1 from users u where u.id = k.user_id)
        and (coalesce(c.made, 0) + coalesce(c.received, 0) + coalesce(t.tags, 0) + coalesce(x.appointments, 0) > 0
          or coalesce(x.xp, 0) <> 0)
    `)
  })
}
