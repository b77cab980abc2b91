// Reading teams (issue #12, docs/domain.md "Teams"): the paginated list and one team with its
// members. Administrators read every team; a manager only the teams they belong to (as the access
// rules of leads and the live channel read teams); another team reads as one that does not exist.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Team, TeamListParams, TeamPage, TeamSummary } from '../../../src/contracts/teams.ts'
import type { Db } from '../../db/client.ts'
import { teamMembers, teams, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'

export type TeamReader = { id: number; role: Role }

export const TEAM_NOT_FOUND = 'Équipe introuvable.'

const memberCount = sql<number>`(select count(*)::int from team_members m where m.team_id = ${teams.id})`

/** The teams the reader may see, as a condition (none for an administrator). */
function readableBy(reader: TeamReader): SQL | undefined {
  if (reader.role === 'ADMIN') return undefined
  return sql`exists (select 1 from team_members mine where mine.team_id = ${teams.id} and mine.user_id = ${reader.id})`
}

export async function listTeams(db: Db, reader: TeamReader, params: TeamListParams): Promise<TeamPage> {
  const { page, pageSize, sort, order, search, includeArchived } = params
  const where = and(
    readableBy(reader),
    includeArchived ? undefined : isNull(teams.archivedAt),
    // Folded like the unique index: "equipe" finds "Équipe Lyon"; strpos needs no wildcard escaping.
    search ? sql`strpos(app_fold(${teams.name}), app_fold(${search})) > 0` : undefined,
  )
  const direction = order === 'desc' ? desc : asc
  const byName = direction(sql`app_fold(${teams.name})`)
  const orderBy = sort === 'memberCount' ? [direction(memberCount), byName] : [byName]
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: teams.id,
        name: teams.name,
        version: teams.version,
        archivedAt: teams.archivedAt,
        memberCount,
      })
      .from(teams)
      .where(where)
      .orderBy(...orderBy, asc(teams.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(teams)
      .where(where),
  ])
  const managers = await managersOf(
    db,
    rows.map((row) => row.id),
  )
  const items = rows.map((row): TeamSummary => ({
    ...row,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    managers: managers.get(row.id) ?? [],
  }))
  return { items, total: total?.value ?? 0, page, pageSize }
}

async function managersOf(db: Db, teamIds: number[]) {
  const byTeam = new Map<number, TeamSummary['managers']>()
  if (teamIds.length === 0) return byTeam
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.isManager, true)))
    .orderBy(asc(users.lastName), asc(users.firstName))
  for (const { teamId, ...person } of rows) byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), person])
  return byTeam
}

/** One team with its members (managers first, then by name); 404 when missing or not readable. */
export async function getTeam(db: Tx, reader: TeamReader, id: number): Promise<Team> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, id), readableBy(reader)))
  if (!row) throw errors.notFound(TEAM_NOT_FOUND)
  const members = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      status: users.status,
      isManager: teamMembers.isManager,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, id))
    .orderBy(desc(teamMembers.isManager), asc(users.lastName), asc(users.firstName), asc(users.id))
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    members,
  }
}
