// Assignments resource (issue #12, docs/domain.md "Assignments"): the users × missions and users ×
// teams grids, one mission's users, the teams it is opened to (issue #26, administrators), and the
// changes. A grid's checkbox changes at once (optimistic) and comes back as it was if the server
// refuses; every change then refetches what it may move.
import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import type {
  AssignmentChange,
  AssignmentGridQuery,
  MissionAssignmentPage,
  MissionAssignmentQuery,
  MissionGrid,
  MissionTeams,
  TeamGrid,
} from '../contracts/assignments.ts'
import type { Team } from '../contracts/teams.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { teamQueries } from './teams.ts'
import { userQueries } from './users.ts'
import { withQuery } from './query-string.ts'

export type MissionCellInput = { missionId: number; userId: number; assigned: boolean }
export type TeamCellInput = { teamId: number; userId: number; member: boolean }
export type MissionUsersInput = { missionId: number; userIds: number[] }
export type MissionTeamInput = { missionId: number; teamId: number }
export type MissionTeamAccessInput = MissionTeamInput & { open: boolean }

export const assignmentQueries = {
  all: () => ['assignments'] as const,
  missionGrids: () => [...assignmentQueries.all(), 'missions'] as const,
  missionGrid: (params: AssignmentGridQuery) =>
    queryOptions({
      queryKey: [...assignmentQueries.missionGrids(), params] as const,
      queryFn: ({ signal }) =>
        apiRequest<MissionGrid>(withQuery('/api/assignments/missions', params), { signal }),
      placeholderData: keepPreviousData,
    }),
  teamGrids: () => [...assignmentQueries.all(), 'teams'] as const,
  teamGrid: (params: AssignmentGridQuery) =>
    queryOptions({
      queryKey: [...assignmentQueries.teamGrids(), params] as const,
      queryFn: ({ signal }) => apiRequest<TeamGrid>(withQuery('/api/assignments/teams', params), { signal }),
      placeholderData: keepPreviousData,
    }),
  missions: () => [...assignmentQueries.all(), 'mission'] as const,
  mission: (missionId: number, params: MissionAssignmentQuery = {}) =>
    queryOptions({
      queryKey: [...assignmentQueries.missions(), missionId, params] as const,
      queryFn: ({ signal }) =>
        apiRequest<MissionAssignmentPage>(withQuery(`/api/assignments/mission/${missionId}`, params), {
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** The teams the mission is opened to; under the mission's key, so its changes refetch it too. */
  missionTeams: (missionId: number) =>
    queryOptions({
      queryKey: [...assignmentQueries.missions(), missionId, 'teams'] as const,
      queryFn: ({ signal }) =>
        apiRequest<MissionTeams>(`/api/assignments/mission/${missionId}/teams`, { signal }),
    }),
}

type Snapshot = [QueryKey, unknown][]

/** Applies `change` to every cached page under `key` now; the returned snapshot undoes it. */
async function optimistic<T>(queryClient: QueryClient, key: QueryKey, change: (page: T) => T) {
  await queryClient.cancelQueries({ queryKey: key })
  const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: key })
  queryClient.setQueriesData<T>({ queryKey: key }, (page) => (page === undefined ? page : change(page)))
  return snapshot
}

function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data)
}

function toggled(ids: number[], id: number, on: boolean): number[] {
  const rest = ids.filter((one) => one !== id)
  return on ? [...rest, id].toSorted((a, b) => a - b) : rest
}

/** Whether another change of the grids is still in flight (its optimistic cell must not be refetched away). */
function othersPending(queryClient: QueryClient): boolean {
  return queryClient.isMutating({ mutationKey: assignmentQueries.all() }) > 1
}

/** After a mission's assignments changed: the grids, its lists and its history. */
function missionChanged(queryClient: QueryClient, missionId: number) {
  if (!othersPending(queryClient))
    void queryClient.invalidateQueries({ queryKey: assignmentQueries.missionGrids() })
  void queryClient.invalidateQueries({ queryKey: [...assignmentQueries.missions(), missionId] })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('mission', missionId) })
  // The users screen shows each user's missions.
  void queryClient.invalidateQueries({ queryKey: userQueries.all() })
}

const change = (missionId: number, action: string, body: unknown) =>
  apiRequest<AssignmentChange>(`/api/assignments/mission/${missionId}/${action}`, { method: 'POST', body })

export const assignmentMutations = {
  /** One cell of the users × missions grid, shown at once and rolled back on a refusal. */
  toggleMission: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...assignmentQueries.all(), 'toggle-mission'] as const,
      mutationFn: ({ missionId, userId, assigned }: MissionCellInput) =>
        change(missionId, assigned ? 'assign' : 'unassign', { userIds: [userId] }),
      onMutate: ({ missionId, userId, assigned }: MissionCellInput) =>
        optimistic<MissionGrid>(queryClient, assignmentQueries.missionGrids(), (grid) => ({
          ...grid,
          items: grid.items.map((row) =>
            row.id === userId ? { ...row, missionIds: toggled(row.missionIds, missionId, assigned) } : row,
          ),
        })),
      onError: (_error, _input, snapshot) => rollback(queryClient, snapshot),
      onSettled: (_data, _error, { missionId }) => missionChanged(queryClient, missionId),
      meta: notifyRefusal,
    }),
  /** One cell of the users × teams grid, through the Teams API (administrators). */
  toggleTeam: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...assignmentQueries.all(), 'toggle-team'] as const,
      mutationFn: ({ teamId, userId, member }: TeamCellInput) =>
        apiRequest<Team>(`/api/team/${teamId}/member/${userId}`, { method: member ? 'PUT' : 'DELETE' }),
      onMutate: ({ teamId, userId, member }: TeamCellInput) =>
        optimistic<TeamGrid>(queryClient, assignmentQueries.teamGrids(), (grid) => ({
          ...grid,
          items: grid.items.map((row) =>
            row.id === userId ? { ...row, teamIds: toggled(row.teamIds, teamId, member) } : row,
          ),
        })),
      onError: (_error, _input, snapshot) => rollback(queryClient, snapshot),
      onSettled: (_data, _error, { teamId }) => {
        if (!othersPending(queryClient))
          void queryClient.invalidateQueries({ queryKey: assignmentQueries.teamGrids() })
        void queryClient.invalidateQueries({ queryKey: teamQueries.all() })
        void queryClient.invalidateQueries({ queryKey: userQueries.all() })
        void queryClient.invalidateQueries({ queryKey: auditQueries.entity('team', teamId) })
      },
      meta: notifyRefusal,
    }),
  assignUsers: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...assignmentQueries.all(), 'assign'] as const,
      mutationFn: ({ missionId, userIds }: MissionUsersInput) => change(missionId, 'assign', { userIds }),
      onSettled: (_data, _error, { missionId }) => missionChanged(queryClient, missionId),
      meta: notifyRefusal,
    }),
  unassignUsers: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...assignmentQueries.all(), 'unassign'] as const,
      mutationFn: ({ missionId, userIds }: MissionUsersInput) => change(missionId, 'unassign', { userIds }),
      onSettled: (_data, _error, { missionId }) => missionChanged(queryClient, missionId),
      meta: notifyRefusal,
    }),
  assignTeam: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...assignmentQueries.all(), 'assign-team'] as const,
      mutationFn: ({ missionId, teamId }: MissionTeamInput) => change(missionId, 'assign-team', { teamId }),
      onSettled: (_data, _error, { missionId }) => missionChanged(queryClient, missionId),
      meta: notifyRefusal,
    }),
  /** Opens the mission to a team or closes it (administrators): the answer is the list as it now is. */
  setMissionTeam: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...assignmentQueries.all(), 'mission-team'] as const,
      mutationFn: ({ missionId, teamId, open }: MissionTeamAccessInput) =>
        apiRequest<MissionTeams>(
          `/api/assignments/mission/${missionId}/${open ? 'open-team' : 'close-team'}`,
          { method: 'POST', body: { teamId } },
        ),
      onSuccess: (teams) =>
        queryClient.setQueryData(assignmentQueries.missionTeams(teams.missionId).queryKey, teams),
      onSettled: (_data, _error, { missionId }) =>
        void queryClient.invalidateQueries({ queryKey: auditQueries.entity('mission', missionId) }),
      meta: notifyRefusal,
    }),
}
