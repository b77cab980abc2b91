// Missions resource (issue #12 "Missions"): the list, one mission with its markets, the call
// processes a mission may use, and the administrators' changes. Every change answers with the
// mission as it now is, put in its detail query; lists and the mission's history are invalidated.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CallProcessPage } from '../contracts/call-processes.ts'
import type { CreateMissionBody, UpdateMissionBody } from '../contracts/mission-form.ts'
import type { Mission, MissionListQuery, MissionPage } from '../contracts/missions.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

export type UpdateMissionInput = UpdateMissionBody & { id: number }
export type VersionedMissionInput = { id: number; version: number }

export const missionQueries = {
  all: () => ['missions'] as const,
  lists: () => [...missionQueries.all(), 'list'] as const,
  list: (params: MissionListQuery) =>
    queryOptions({
      queryKey: [...missionQueries.lists(), params] as const,
      queryFn: ({ signal }) => apiRequest<MissionPage>(withQuery('/api/missions', params), { signal }),
      placeholderData: keepPreviousData,
    }),
  details: () => [...missionQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...missionQueries.details(), id] as const,
      queryFn: ({ signal }) => apiRequest<Mission>(`/api/mission/${id}`, { signal }),
    }),
  /** The call processes a mission may choose: the first 100 not archived, by name. */
  callProcessChoices: () =>
    queryOptions({
      queryKey: ['call-processes', 'list', { pageSize: 100 }] as const,
      queryFn: ({ signal }) => apiRequest<CallProcessPage>('/api/call-processes?pageSize=100', { signal }),
    }),
}

/** After a change: the mission as the server answered, the lists (missions, markets) and its history. */
export function missionApplied(queryClient: QueryClient, mission: Mission) {
  queryClient.setQueryData(missionQueries.detail(mission.id).queryKey, mission)
  void queryClient.invalidateQueries({ queryKey: missionQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: ['markets'] })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('mission', mission.id) })
}

/** A refused change (a stale version, an archived mission): the screen shows the mission as it is now. */
function refetchOnError(queryClient: QueryClient) {
  return (_error: unknown, input: { id?: number }) =>
    queryClient.invalidateQueries({
      queryKey: input.id === undefined ? missionQueries.all() : missionQueries.detail(input.id).queryKey,
    })
}

export const missionMutations = {
  /** The form shows refusals next to the fields (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...missionQueries.all(), 'create'] as const,
      mutationFn: (body: CreateMissionBody) => apiRequest<Mission>('/api/missions', { method: 'POST', body }),
      onSuccess: (mission: Mission) => missionApplied(queryClient, mission),
    }),
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...missionQueries.all(), 'update'] as const,
      mutationFn: ({ id, ...body }: UpdateMissionInput) =>
        apiRequest<Mission>(`/api/mission/${id}`, { method: 'PUT', body }),
      onSuccess: (mission: Mission) => missionApplied(queryClient, mission),
      onError: refetchOnError(queryClient),
    }),
  archive: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...missionQueries.all(), 'archive'] as const,
      mutationFn: ({ id, version, archived }: VersionedMissionInput & { archived: boolean }) =>
        apiRequest<Mission>(`/api/mission/${id}/${archived ? 'archive' : 'restore'}`, {
          method: 'POST',
          body: { version },
        }),
      onSuccess: (mission: Mission) => missionApplied(queryClient, mission),
      onError: refetchOnError(queryClient),
      meta: notifyRefusal,
    }),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...missionQueries.all(), 'delete'] as const,
      mutationFn: ({ id, version }: VersionedMissionInput) =>
        apiRequest<{ id: number }>(`/api/mission/${id}`, { method: 'DELETE', body: { version } }),
      onSuccess: ({ id }: { id: number }) => {
        queryClient.removeQueries({ queryKey: missionQueries.detail(id).queryKey })
        void queryClient.invalidateQueries({ queryKey: missionQueries.lists() })
        void queryClient.invalidateQueries({ queryKey: ['markets'] })
      },
      onError: refetchOnError(queryClient),
      meta: notifyRefusal,
    }),
  /** Uploads (a file) or removes (null) the banner; the panel shows a refusal next to the field. */
  banner: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...missionQueries.all(), 'banner'] as const,
      mutationFn: ({ id, file }: { id: number; file: File | null }) => {
        if (file === null) return apiRequest<Mission>(`/api/mission/${id}/banner`, { method: 'DELETE' })
        const formData = new FormData()
        formData.set('file', file)
        return apiRequest<Mission>(`/api/mission/${id}/banner`, { method: 'POST', formData })
      },
      onSuccess: (mission: Mission) => missionApplied(queryClient, mission),
    }),
}
