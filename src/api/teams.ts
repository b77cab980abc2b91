// Teams resource (issue #12, docs/domain.md "Teams"): the list, one team, and the administrators'
// changes. Every change answers with the team as it now is, put in its detail query; lists and the
// team's audit trail are invalidated.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CreateTeamBody } from '../contracts/team-form.ts'
import type { Team, TeamListQuery, TeamPage } from '../contracts/teams.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

export type RenameTeamInput = { id: number; name: string; version: number }
export type VersionedTeamInput = { id: number; version: number }
export type TeamMemberInput = { teamId: number; userId: number }
export type TeamManagerInput = TeamMemberInput & { isManager: boolean }

export function fetchTeams(params: TeamListQuery, signal?: AbortSignal): Promise<TeamPage> {
  return apiRequest<TeamPage>(withQuery('/api/teams', params), { signal })
}

export function fetchTeam(id: number, signal?: AbortSignal): Promise<Team> {
  return apiRequest<Team>(`/api/team/${id}`, { signal })
}

export const teamQueries = {
  all: () => ['teams'] as const,
  lists: () => [...teamQueries.all(), 'list'] as const,
  list: (params: TeamListQuery) =>
    queryOptions({
      queryKey: [...teamQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchTeams(params, signal),
      // Typing in the search keeps the previous page on screen instead of a loading state.
      placeholderData: keepPreviousData,
    }),
  details: () => [...teamQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...teamQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchTeam(id, signal),
    }),
}

/** After a change: the team as the server answered, the lists and its history to refetch. */
function applied(queryClient: QueryClient, team: Team) {
  queryClient.setQueryData(teamQueries.detail(team.id).queryKey, team)
  void queryClient.invalidateQueries({ queryKey: teamQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('team', team.id) })
}

function teamMutation<Input>(queryClient: QueryClient, name: string, send: (input: Input) => Promise<Team>) {
  return mutationOptions({
    mutationKey: [...teamQueries.all(), name] as const,
    mutationFn: send,
    onSuccess: (team: Team) => applied(queryClient, team),
    // Refused (a stale version, an archived team…): the notice says why, the screen shows the team now.
    onError: () => queryClient.invalidateQueries({ queryKey: teamQueries.all() }),
    meta: notifyRefusal,
  })
}

const memberPath = ({ teamId, userId }: TeamMemberInput, resource: 'member' | 'manager') =>
  `/api/team/${teamId}/${resource}/${userId}`

export const teamMutations = {
  /** The form shows a refusal next to the name (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...teamQueries.all(), 'create'] as const,
      mutationFn: (body: CreateTeamBody) => apiRequest<Team>('/api/teams', { method: 'POST', body }),
      onSuccess: (team: Team) => applied(queryClient, team),
    }),
  /**
   * The form shows a refusal next to the name; a stale version (409 STALE_VERSION) puts the team as
   * it now is in the cache, so the form shows the current version.
   */
  rename: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...teamQueries.all(), 'rename'] as const,
      mutationFn: ({ id, ...body }: RenameTeamInput) =>
        apiRequest<Team>(`/api/team/${id}`, { method: 'PUT', body }),
      onSuccess: (team: Team) => applied(queryClient, team),
      onError: (_error, { id }) =>
        queryClient.invalidateQueries({ queryKey: teamQueries.detail(id).queryKey }),
    }),
  archive: (queryClient: QueryClient) =>
    teamMutation(queryClient, 'archive', ({ id, version }: VersionedTeamInput) =>
      apiRequest<Team>(`/api/team/${id}/archive`, { method: 'POST', body: { version } }),
    ),
  restore: (queryClient: QueryClient) =>
    teamMutation(queryClient, 'restore', ({ id, version }: VersionedTeamInput) =>
      apiRequest<Team>(`/api/team/${id}/restore`, { method: 'POST', body: { version } }),
    ),
  addMember: (queryClient: QueryClient) =>
    teamMutation(queryClient, 'add-member', (input: TeamMemberInput) =>
      apiRequest<Team>(memberPath(input, 'member'), { method: 'PUT' }),
    ),
  removeMember: (queryClient: QueryClient) =>
    teamMutation(queryClient, 'remove-member', (input: TeamMemberInput) =>
      apiRequest<Team>(memberPath(input, 'member'), { method: 'DELETE' }),
    ),
  setManager: (queryClient: QueryClient) =>
    teamMutation(queryClient, 'set-manager', (input: TeamManagerInput) =>
      apiRequest<Team>(memberPath(input, 'manager'), { method: input.isManager ? 'PUT' : 'DELETE' }),
    ),
}
