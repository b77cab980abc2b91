// The lead follow-up resource (issue #14, src/contracts/follow-up.ts): one mission's pipeline per
// market, the paged leads behind a count, and freeing the leads an agent holds
// (POST /api/users/unassign-lead-from-user, spec §7), which refreshes both.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { FollowUp, FollowUpBucket, FollowUpLeadsPage } from '../contracts/follow-up.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'

export type FollowUpLeadsParams = {
  missionId: number
  marketId?: number
  bucket: FollowUpBucket
  value?: string
  page: number
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value))
  return search.size > 0 ? `?${search}` : ''
}

export const followUpQueries = {
  all: () => ['follow-up'] as const,
  pipeline: (missionId: number | undefined) =>
    queryOptions({
      queryKey: [...followUpQueries.all(), 'pipeline', missionId ?? null] as const,
      queryFn: ({ signal }) =>
        apiRequest<FollowUp>(`/api/activity/follow-up${query({ missionId })}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  leads: (params: FollowUpLeadsParams) =>
    queryOptions({
      queryKey: [...followUpQueries.all(), 'leads', params] as const,
      queryFn: ({ signal }) =>
        apiRequest<FollowUpLeadsPage>(`/api/activity/follow-up/leads${query(params)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
}

export const followUpMutations = {
  /** Frees every lead the agent holds (one, as a rule). Invalidates: the follow-up. */
  unassign: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (userId: number) =>
        apiRequest<{ ok: true }>('/api/users/unassign-lead-from-user', { method: 'POST', body: { userId } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: followUpQueries.all() }),
      meta: notifyRefusal,
    }),
}
