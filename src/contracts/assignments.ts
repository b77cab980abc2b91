// Assignments (issue #12 "Assignments", docs/domain.md "Assignments"): who works on which mission
// (mission_users) and in which team (team_members, changed through the Teams API). Reads are pages
// of users; the columns (missions, teams) come with each page.
import { z } from 'zod'
import { idSchema } from './common.ts'
import { ROLES, USER_STATUSES } from './roles.ts'
import { safeText } from './safe-text.ts'

export const ASSIGNMENT_PAGE_SIZE_MAX = 100
/** Users changed by one request at most (a whole team goes through `assign-team`). */
export const ASSIGNMENT_BATCH_MAX = 200

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1)
const pageSizeSchema = z.coerce.number().int().min(1).max(ASSIGNMENT_PAGE_SIZE_MAX).default(25)
const searchSchema = safeText().trim().max(80).optional()

/** GET /api/assignments/missions and /api/assignments/teams: a page of users, with filters. */
export const assignmentGridQuerySchema = z.object({
  search: searchSchema,
  teamId: idSchema.optional(),
  role: z.enum(ROLES).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
})
export type AssignmentGridParams = z.output<typeof assignmentGridQuerySchema>
/** The grid's parameters as the client sends them (defaults left out). */
export type AssignmentGridQuery = Partial<AssignmentGridParams>

/** GET /api/assignments/mission/{missionId}: the users assigned (or, `assigned=false`, not yet). */
export const missionAssignmentQuerySchema = z.object({
  search: searchSchema,
  assigned: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(true),
  page: pageSchema,
  pageSize: pageSizeSchema,
})
export type MissionAssignmentParams = z.output<typeof missionAssignmentQuerySchema>
export type MissionAssignmentQuery = Partial<MissionAssignmentParams>

export const missionIdParamSchema = z.object({ missionId: idSchema })

export const assignUsersBodySchema = z.object({
  userIds: z
    .array(idSchema)
    .min(1, 'Choisissez au moins un utilisateur.')
    .max(ASSIGNMENT_BATCH_MAX, `Au plus ${ASSIGNMENT_BATCH_MAX} utilisateurs à la fois.`),
})
export type AssignUsersBody = z.infer<typeof assignUsersBodySchema>

export const assignTeamBodySchema = z.object({ teamId: idSchema })
export type AssignTeamBody = z.infer<typeof assignTeamBodySchema>

/**
 * GET /api/assignments/mission/{missionId}/teams and the open-team/close-team answers (issue #26,
 * administrators): the teams the mission is opened to, whose managers see its leads and assign those
 * teams' members to it. Non-archived teams, plus an archived one still opened.
 */
export const missionTeamsSchema = z.object({
  missionId: z.number().int(),
  teams: z.array(
    z.object({ id: z.number().int(), name: z.string(), archived: z.boolean(), opened: z.boolean() }),
  ),
})
export type MissionTeams = z.infer<typeof missionTeamsSchema>
export type MissionTeamsItem = MissionTeams['teams'][number]

const personSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
})
export type AssignmentPerson = z.infer<typeof personSchema>

export const assignmentMissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  archivedAt: z.string().nullable(),
})
export type AssignmentMission = z.infer<typeof assignmentMissionSchema>

const pageFields = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }

/** Users × missions: the non-archived missions as columns, each user with the missions they work. */
export const missionGridSchema = z.object({
  missions: z.array(assignmentMissionSchema),
  items: z.array(personSchema.extend({ missionIds: z.array(z.number().int()) })),
  ...pageFields,
})
export type MissionGrid = z.infer<typeof missionGridSchema>
export type MissionGridRow = MissionGrid['items'][number]

/** Users × teams (administrators): the non-archived teams as columns, each user with their teams. */
export const teamGridSchema = z.object({
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  items: z.array(personSchema.extend({ teamIds: z.array(z.number().int()) })),
  ...pageFields,
})
export type TeamGrid = z.infer<typeof teamGridSchema>
export type TeamGridRow = TeamGrid['items'][number]

/** One mission's users (assigned, or candidates to assign). */
export const missionAssignmentPageSchema = z.object({
  mission: assignmentMissionSchema,
  items: z.array(personSchema),
  ...pageFields,
})
export type MissionAssignmentPage = z.infer<typeof missionAssignmentPageSchema>

/** What a change did: the users actually added or removed (a set operation: others were already so). */
export const assignmentChangeSchema = z.object({
  missionId: z.number().int(),
  changedUserIds: z.array(z.number().int()),
})
export type AssignmentChange = z.infer<typeof assignmentChangeSchema>
