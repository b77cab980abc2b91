// The figures badge rules read (types.ts BadgeFacts), from the daily aggregates (small: one row per
// agent and day) and, for the week rule only, the agent's calls of one week (calls_user_idx).
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { calls, dailyActivity } from '../../db/schema.ts'
import { dayRange, previousWeek } from '../../../src/contracts/paris-calendar.ts'
import type { BadgeFacts, GamificationEvent, WeekFacts } from './types.ts'

async function weekFacts(tx: Db, userId: number, day: string): Promise<WeekFacts> {
  const week = previousWeek(day)
  const { start, end } = dayRange(week.monday, week.sunday)
  const [row] = await tx
    .select({
      days: sql<
        string[] | null
      >`array_agg(distinct to_char(${calls.startedAt} at time zone 'Europe/Paris', 'YYYY-MM-DD'))`,
      untagged: sql<number>`count(*) filter (where ${calls.endedAt} is not null and ${calls.leadTagId} is null
        and (${calls.leadId} is not null or ${calls.detectedLeadId} is not null))`.mapWith(Number),
    })
    .from(calls)
    .where(and(eq(calls.userId, userId), gte(calls.startedAt, start), lt(calls.startedAt, end)))
  const active = new Set(row?.days ?? [])
  return {
    workingDays: week.workingDays.length,
    activeWorkingDays: week.workingDays.filter((d) => active.has(d)).length,
    untaggedCalls: row?.untagged ?? 0,
  }
}

/** The facts; the previous week's only when `needsWeek` asks for it, given the others. */
export async function loadFacts(
  tx: Db,
  event: GamificationEvent,
  day: string,
  needsWeek: (facts: BadgeFacts) => boolean,
): Promise<BadgeFacts> {
  const today = sql`${dailyActivity.day} = ${day}`
  const [row] = await tx
    .select({
      answered: sql<number>`coalesce(sum(${dailyActivity.answered}), 0)`.mapWith(Number),
      appointments: sql<number>`coalesce(sum(${dailyActivity.appointments}), 0)`.mapWith(Number),
      answeredToday: sql<number>`coalesce(sum(${dailyActivity.answered}) filter (where ${today}), 0)`.mapWith(
        Number,
      ),
      tagsToday: sql<number>`coalesce(sum(${dailyActivity.tags}) filter (where ${today}), 0)`.mapWith(Number),
      appointmentsToday:
        sql<number>`coalesce(sum(${dailyActivity.appointments}) filter (where ${today}), 0)`.mapWith(Number),
    })
    .from(dailyActivity)
    .where(eq(dailyActivity.userId, event.userId))
  const facts: BadgeFacts = {
    event,
    day,
    totals: { answered: row?.answered ?? 0, appointments: row?.appointments ?? 0 },
    today: {
      answered: row?.answeredToday ?? 0,
      appointments: row?.appointmentsToday ?? 0,
      tags: row?.tagsToday ?? 0,
    },
    previousWeek: null,
  }
  return needsWeek(facts) ? { ...facts, previousWeek: await weekFacts(tx, event.userId, day) } : facts
}
