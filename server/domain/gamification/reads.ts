// What the screens read (issue #14): one user's gamification (GET /api/gamification/{userId}) and
// the caller's day, "Ma journée" (GET /api/user/me/day). Small tables only: daily_activity,
// user_badges, user_tentacalls, user_awards, and the leads' recall index.
import { and, count, eq } from 'drizzle-orm'
import { levelOf, type Gamification, type MyDay } from '../../../src/contracts/gamification.ts'
import { type Db } from '../../db/client.ts'
import { dailyActivity, userAwards, userBadges, userTentacalls, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { BADGES } from './badges/catalogue.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import type { LeadActor } from '../leads/access.ts'
import { myRecallsDueCount } from '../leads/my-recalls.ts'
import { firstMilestones, nextMilestone, TENTACALLS } from './tentacalls/catalogue.ts'

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

export async function myDayOf(db: Db, actor: LeadActor, now = new Date()): Promise<MyDay> {
  const userId = actor.id
  const day = parisDay(now)
  const [[today], [user], tentacalls, recalls] = await Promise.all([
    db
      .select()
      .from(dailyActivity)
      .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, day))),
    db.select({ experiencePoints: users.experiencePoints }).from(users).where(eq(users.id, userId)),
    tentacallsOf(db, userId, day),
    // Issue #29: the due ones of "Mes rappels", one rule for the count and the list.
    myRecallsDueCount(db, actor, now),
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
