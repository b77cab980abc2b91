// What a manager or an administrator chooses on `/activity/gamification` (issue #14): the agents and
// teams they may read — the team rule of server/domain/access/live-access.ts (a manager: themself and the
// members of the teams they manage; an administrator: everyone) — and one team's progress. Small
// tables only: users, team_members, user_badges, user_tentacalls.
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm'
import { levelOf } from '../../../src/contracts/gamification.ts'
import type { GamificationScope, TeamGamification } from '../../../src/contracts/gamification-team.ts'
import type { Db } from '../../db/client.ts'
import { teamMembers, teams, userBadges, userTentacalls, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { readableUsers, type Viewer } from '../access/live-access.ts'
import { teamIdsByUser } from '../users/profiles.ts'
import { BADGES } from './badges/catalogue.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import { TENTACALLS } from './tentacalls/catalogue.ts'

export const TEAM_NOT_READABLE = 'Vous ne pouvez consulter que la progression des équipes que vous gérez.'
export const TEAM_NOT_FOUND = 'Équipe introuvable.'

const byName = (a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }) =>
  a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr')

/** The teams the viewer may read: every open team for an administrator, the ones they manage else. */
async function readableTeams(db: Db, viewer: Viewer) {
  if (viewer.role === 'ADMIN')
    return db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(isNull(teams.archivedAt))
      .orderBy(asc(teams.name))
  if (viewer.role !== 'MANAGER') return []
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(and(eq(teamMembers.userId, viewer.id), eq(teamMembers.isManager, true), isNull(teams.archivedAt)))
    .orderBy(asc(teams.name))
}

/** Whom the viewer may choose: active call-capable users they may read, and their readable teams. */
export async function gamificationScopeOf(db: Db, viewer: Viewer): Promise<GamificationScope> {
  const readable = await readableUsers(db, viewer)
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        ne(users.role, 'ADMIN'),
        readable === 'everyone' ? undefined : inArray(users.id, [...readable]),
      ),
    )
  const teamIds = await teamIdsByUser(
    db,
    rows.map((row) => row.id),
  )
  const agents = rows
    .map((row) => ({ ...row, teamIds: (teamIds.get(row.id) ?? []).toSorted((a, b) => a - b) }))
    .toSorted(byName)
  const visibleTeams = await readableTeams(db, viewer)
  return { agents, teams: visibleTeams.toSorted((a, b) => a.name.localeCompare(b.name, 'fr')) }
}

/**
 * One team's members and their progress; 403 for a team the viewer may not read, checked first so a
 * manager cannot tell which team ids exist (as the activity scope does); 404 for an unknown team.
 */
export async function teamGamificationOf(
  db: Db,
  viewer: Viewer,
  teamId: number,
  now = new Date(),
): Promise<TeamGamification> {
  if (
    viewer.role !== 'ADMIN' &&
    !(await readableTeams(db, viewer)).some((readable) => readable.id === teamId)
  )
    throw errors.forbidden(TEAM_NOT_READABLE)
  const [team] = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId))
  if (!team) throw errors.notFound(TEAM_NOT_FOUND)
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      experiencePoints: users.experiencePoints,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
  const ids = members.map((member) => member.userId)
  const [badgeCounts, series] = ids.length
    ? await Promise.all([
        db
          .select({ userId: userBadges.userId, n: count() })
          .from(userBadges)
          .where(inArray(userBadges.userId, ids))
          .groupBy(userBadges.userId),
        db.select().from(userTentacalls).where(inArray(userTentacalls.userId, ids)),
      ])
    : [[], []]
  const day = parisDay(now)
  const progress = members.map((member) => {
    const experiencePoints = Math.max(0, member.experiencePoints)
    return {
      ...member,
      experiencePoints,
      level: levelOf(experiencePoints),
      badges: badgeCounts.find((row) => row.userId === member.userId)?.n ?? 0,
      tentacalls: TENTACALLS.map((rule) => {
        const state = series.find((row) => row.userId === member.userId && row.code === rule.id)
        return {
          id: rule.id,
          name: rule.name,
          icon: rule.icon,
          current: state ? rule.currentAt(state, day) : 0,
        }
      }),
    }
  })
  // Most experience first; equal ones by name.
  progress.sort((a, b) => b.experiencePoints - a.experiencePoints || byName(a, b))
  return { teamId: team.id, name: team.name, badgeCount: BADGES.length, members: progress }
}
