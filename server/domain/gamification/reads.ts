// What the screens read (issue #14): one user's gamification (GET /api/gamification/{userId}) and
// the caller's day, "Ma journée" (GET /api/user/me/day). Small tables only: daily_activity,
// user_badges, user_tentacalls, user_awards, and the leads' recall index.
import { and, count, eq, sql } from 'drizzle-orm'
import { levelOf, type Gamification, type MyDay } from '../../../src/contracts/gamification.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { dailyActivity, userAwards, userBadges, userTentacalls, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { BADGES } from './badges/catalogue.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import { firstMilestones, nextMilestone, TENTACALLS } from './tentacalls/catalogue.ts'

/** A free lead counts as the user's recall when their outcome is its latest, within this window. */
const RECALL_OWNERSHIP_DAYS = 60

async function tentacallsOf(db: Db, userId: number, day: string) {
  const [rows, awards] = await Promise.all([
    db.select().from(userTentacalls).where(eq(userTentacalls.userId, userId)),
    db
      .select({ code: userAwards.code, n: count() })
      .from(userAwards)
      .where(and(eq(userAwards.userId, userId), eq(userAwards.kind, 'tentacall')))
      .groupBy(userAwards.code),
  ])
  return TENTACALLS.map((rule) => {
    const state = rows.find((row) => row.code === rule.id) ?? { current: 0, record: 0, seriesKey: null }
    return {
      id: rule.id,
      name: rule.name,
      description: rule.description,
      icon: rule.icon,
      current: rule.currentAt(state, day),
      record: state.record,
      milestones: firstMilestones(rule),
      nextMilestone: nextMilestone(rule, rule.currentAt(state, day)),
      awarded: awards.find((award) => award.code === rule.id)?.n ?? 0,
    }
  })
}

export async function gamificationOf(db: Db, userId: number, now = new Date()): Promise<Gamification> {
  const [user] = await db
    .select({ experiencePoints: users.experiencePoints })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw errors.notFound(messages.userNotFound)
  const earned = await db.select().from(userBadges).where(eq(userBadges.userId, userId))
  const experiencePoints = Math.max(0, user.experiencePoints)
  return {
    userId,
    experiencePoints,
    level: levelOf(experiencePoints),
    badges: BADGES.map((rule) => ({
      id: rule.id,
      name: rule.name,
      description: rule.description,
      icon: rule.icon,
      earnedAt: earned.find((row) => row.code === rule.id)?.earnedAt.toISOString() ?? null,
    })),
    tentacalls: await tentacallsOf(db, userId, parisDay(now)),
  }
}

async function recallsDue(db: Db, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - RECALL_OWNERSHIP_DAYS * 86_400_000)
  const result = await db.execute(sql`
    select count(*) as n from leads l
    where l.status in ('RECALL', 'UNREACHABLE') and l.recall_at <= ${now}
      and (l.processing_user_id = ${userId} or (l.processing_user_id is null and l.id in (
        select lt.lead_id from xp_ledger x join lead_tags lt on lt.id = x.source_id
        where x.user_id = ${userId} and x.source_kind = 'tag' and x.created_at > ${since}
          and not exists (select 1 from lead_tags newer where newer.lead_id = lt.lead_id
            and (newer.created_at, newer.id) > (lt.created_at, lt.id)))))`)
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0)
}

export async function myDayOf(db: Db, userId: number, now = new Date()): Promise<MyDay> {
  const day = parisDay(now)
  const [[today], [user], tentacalls, recalls] = await Promise.all([
    db
      .select()
      .from(dailyActivity)
      .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, day))),
    db.select({ experiencePoints: users.experiencePoints }).from(users).where(eq(users.id, userId)),
    tentacallsOf(db, userId, day),
    recallsDue(db, userId, now),
  ])
  const experiencePoints = Math.max(0, user?.experiencePoints ?? 0)
  return {
    day,
    callsMade: today?.callsMade ?? 0,
    callsReceived: today?.callsReceived ?? 0,
    answered: today?.answered ?? 0,
    talkSeconds: today?.talkSeconds ?? 0,
    appointments: today?.appointments ?? 0,
    experiencePointsToday: today?.xp ?? 0,
    experiencePoints,
    level: levelOf(experiencePoints),
    tentacalls: tentacalls.map(({ id, name, icon, current, record }) => ({
      id,
      name,
      icon,
      current,
      record,
    })),
    recallsDue: recalls,
  }
}
