// The teams a mission is opened to (issue #26 point 1, docs/domain.md "Assignments"): set by
// administrators only, on the mission's assignments page (or by adding a whole team). The managers of
// an opened team see the mission's leads and assign that team's members to it; closing it takes that
// away at once (nothing caches it) and leaves the users assigned as they are. Each change runs under
// the mission's row lock with its audit entry (entity `mission`, action `open-team`/`close-team`).
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { MissionTeams } from '../../../src/contracts/assignments.ts'
import type { Db } from '../../db/client.ts'
import { missionTeams, teams } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { missionRow } from './scope.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'

export const missionTeamMessages = {
  archivedMission: 'Cette mission est archivée : restaurez-la pour l’ouvrir à une équipe.',
  archivedTeam: 'Cette équipe est archivée.',
  teamNotFound: 'Équipe introuvable.',
} as const

type TeamRef = { id: number; name: string }

/** Whether the mission is opened to the team. */
export async function isOpenedToTeam(tx: Tx, missionId: number, teamId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: missionTeams.teamId })
    .from(missionTeams)
    .where(and(eq(missionTeams.missionId, missionId), eq(missionTeams.teamId, teamId)))
  return rows.length > 0
}

/** Opens the mission to the team (a set operation: already open records nothing). */
export async function openTeam(tx: Tx, actorId: number, missionId: number, team: TeamRef): Promise<void> {
  const added = await tx
    .insert(missionTeams)
    .values({ missionId, teamId: team.id })
    .onConflictDoNothing()
    .returning({ teamId: missionTeams.teamId })
  if (added.length > 0)
    await recordAudit(tx, {
      userId: actorId,
      entity: 'mission',
      entityId: missionId,
      action: 'open-team',
      after: { team: team.name },
    })
}

async function closeTeam(tx: Tx, actorId: number, missionId: number, team: TeamRef): Promise<void> {
  const removed = await tx
    .delete(missionTeams)
    .where(and(eq(missionTeams.missionId, missionId), eq(missionTeams.teamId, team.id)))
    .returning({ teamId: missionTeams.teamId })
  if (removed.length > 0)
    await recordAudit(tx, {
      userId: actorId,
      entity: 'mission',
      entityId: missionId,
      action: 'close-team',
      before: { team: team.name },
    })
}

/**
 * GET /api/assignments/mission/{missionId}/teams (administrators): the non-archived teams, and an
 * archived one the mission is still opened to, each with `opened`.
 */
export async function missionTeamList(db: Tx, missionId: number): Promise<MissionTeams> {
  await missionRow(db, missionId)
  const opened = sql<boolean>`${missionTeams.teamId} is not null`
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      archived: sql<boolean>`${teams.archivedAt} is not null`,
      opened,
    })
    .from(teams)
    .leftJoin(missionTeams, and(eq(missionTeams.teamId, teams.id), eq(missionTeams.missionId, missionId)))
    .where(or(isNull(teams.archivedAt), opened))
    .orderBy(asc(sql`app_fold(${teams.name})`), asc(teams.id))
  return { missionId, teams: rows }
}

/** POST …/open-team and …/close-team (administrators): one team, then the list as it now is. */
export async function setMissionTeam(
  db: Db,
  actorId: number,
  missionId: number,
  teamId: number,
  open: boolean,
): Promise<MissionTeams> {
  return db.transaction(async (tx) => {
    const mission = await missionRow(tx, missionId, true)
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId))
    if (!team) throw errors.notFound(missionTeamMessages.teamNotFound)
    if (open) {
      if (mission.archivedAt) throw errors.conflict(missionTeamMessages.archivedMission)
      if (team.archivedAt) throw errors.conflict(missionTeamMessages.archivedTeam)
      await openTeam(tx, actorId, missionId, team)
    } else await closeTeam(tx, actorId, missionId, team)
    return missionTeamList(tx, missionId)
  })
}
