// The leaderboard (issue #14, docs/domain.md "Leaderboard"): who leads over a Europe/Paris period,
// read from the daily aggregates (daily_activity: today included, kept live by the triggers of
// migration 0020) and small tables only (users, teams, user_badges), so a refetch of every wall screen
// after a tag costs a few short statements.
import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import { levelOf } from '../../../src/contracts/gamification.ts'
import type {
  Leaderboard,
  LeaderboardAgent,
  LeaderboardBadge,
  LeaderboardPeriod,
} from '../../../src/contracts/leaderboard.ts'
import type { Db } from '../../db/client.ts'
import { dailyActivity, teamMembers, teams, userBadges, users } from '../../db/schema.ts'
import { BADGES } from '../gamification/badges/catalogue.ts'
import { dayRange, parisDay, shiftDay } from '../../../src/contracts/paris-calendar.ts'
import { avatarUrl } from '../users/profiles.ts'

/** The ranked roles: teleoperators always, managers when they earned or booked in the period. */
const RANKED_ROLES = ['TELEOPERATOR', 'MANAGER'] as const

/** The Paris days of a period, first and last included: today, the week from Monday, the month. */
export function periodDays(period: LeaderboardPeriod, now: Date): { from: string; to: string } {
  const to = parisDay(now)
  if (period === 'today') return { from: to, to }
  if (period === 'month') return { from: `${to.slice(0, 8)}01`, to }
  // 0 = Monday … 6 = Sunday, from the civil date itself (noon UTC: no zone can shift it).
  const weekday = (new Date(`${to}T12:00:00Z`).getUTCDay() + 6) % 7
  return { from: shiftDay(to, -weekday), to }
}

/** "Camille M.": the first name and the initial of the last name, nothing more of the person. */
export function shortName(firstName: string, lastName: string): string {
  const initial = initialOf(lastName)
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim()
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${initialOf(firstName)}${initialOf(lastName)}`
}

function initialOf(name: string): string {
  const letter = [...name].find((character) => /\p{L}/u.test(character))
  return letter ? letter.toLocaleUpperCase('fr-FR') : ''
}

type Standing = Omit<LeaderboardAgent, 'rank'>

/** Most experience first, then most appointments, then by name; equal figures share a rank. */
export function ranked(standings: Standing[]): LeaderboardAgent[] {
  const sorted = [...standings].sort(
    (a, b) =>
      b.experiencePoints - a.experiencePoints ||
      b.appointments - a.appointments ||
      a.name.localeCompare(b.name, 'fr') ||
      a.userId - b.userId,
  )
  let rank = 0
  return sorted.map((standing, index) => {
    const previous = sorted[index - 1]
    const tied =
      previous?.experiencePoints === standing.experiencePoints &&
      previous.appointments === standing.appointments
    if (!tied) rank = index + 1
    return { ...standing, rank }
  })
}

async function periodFigures(db: Db, from: string, to: string, teamId: number | null) {
  const inTeam =
    teamId === null
      ? undefined
      : sql`exists (select 1 from ${teamMembers} m join ${teams} t on t.id = m.team_id
          where m.user_id = ${users.id} and m.team_id = ${teamId} and t.archived_at is null)`
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      avatarVersion: users.avatarVersion,
      total: users.experiencePoints,
      xp: sql<number>`coalesce(sum(${dailyActivity.xp}), 0)`.mapWith(Number),
      appointments: sql<number>`coalesce(sum(${dailyActivity.appointments}), 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(
      dailyActivity,
      and(eq(dailyActivity.userId, users.id), gte(dailyActivity.day, from), lte(dailyActivity.day, to)),
    )
    .where(and(eq(users.status, 'ACTIVE'), inArray(users.role, [...RANKED_ROLES]), inTeam))
    .groupBy(users.id)
}

/** Memberships of live teams, for the rows' teams and the per-team views. */
function memberships(db: Db) {
  return db
    .select({ teamId: teams.id, name: teams.name, userId: teamMembers.userId, role: users.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(isNull(teams.archivedAt), eq(users.status, 'ACTIVE')))
}

function badgesSince(db: Db, since: Date) {
  return db
    .select({ userId: userBadges.userId, code: userBadges.code, earnedAt: userBadges.earnedAt })
    .from(userBadges)
    .where(gte(userBadges.earnedAt, since))
    .orderBy(desc(userBadges.earnedAt))
}

export async function readLeaderboard(
  db: Db,
  { period, teamId }: { period: LeaderboardPeriod; teamId: number | null },
  now = new Date(),
): Promise<Leaderboard> {
  const { from, to } = periodDays(period, now)
  const [figures, members, badges] = await Promise.all([
    periodFigures(db, from, to, teamId),
    memberships(db),
    badgesSince(db, dayRange(to, to).start),
  ])
  const teamsOf = new Map<number, number[]>()
  for (const { userId, teamId: id } of members) teamsOf.set(userId, [...(teamsOf.get(userId) ?? []), id])
  const badgesOf = new Map<number, LeaderboardBadge[]>()
  for (const { userId, code, earnedAt } of badges) {
    const rule = BADGES.find((badge) => badge.id === code)
    if (!rule) continue
    const badge = { id: rule.id, name: rule.name, icon: rule.icon, earnedAt: earnedAt.toISOString() }
    badgesOf.set(userId, [...(badgesOf.get(userId) ?? []), badge])
  }
  const standings = figures
    .filter((row) => row.role === 'TELEOPERATOR' || row.xp !== 0 || row.appointments > 0)
    .map((row) => ({
      userId: row.id,
      name: shortName(row.firstName, row.lastName),
      initials: initialsOf(row.firstName, row.lastName),
      avatarUrl: avatarUrl({ id: row.id, avatarVersion: row.avatarVersion }),
      experiencePoints: row.xp,
      appointments: row.appointments,
      level: levelOf(Math.max(0, row.total)).level,
      teamIds: (teamsOf.get(row.id) ?? []).sort((a, b) => a - b),
      badgesToday: badgesOf.get(row.id) ?? [],
    }))
  // A team has a view once a teleoperator is in it (a team of managers alone would show nobody).
  const shown = new Map<number, string>()
  for (const member of members) if (member.role === 'TELEOPERATOR') shown.set(member.teamId, member.name)
  return {
    period,
    teamId,
    from,
    to,
    teams: [...shown]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id),
    agents: ranked(standings),
  }
}
