// The lead follow-up resource (issue #14, src/contracts/follow-up.ts): one mission's pipeline per
// market, the paged leads behind a count, and freeing the leads an agent holds
// (POST /api/users/unassign-lead-from-user, spec §7), which refreshes both.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { FollowUp, FollowUpBucket, FollowUpLeadsPage } from '../contracts/follow-up.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

export type FollowUpLeadsParams = {
  missionId: number
  marketId?: number
  bucket: FollowUpBucket
  value?: string
  page: number
}

export const followUpQueries = {
  all: () => ['follow-up'] as const,
  pipeline: (missionId: number | undefined) =>
    queryOptions({
      queryKey: [...followUpQueries.all(), 'pipeline', missionId ?? null] as const,
      queryFn: ({ signal }) =>
        apiRequest<FollowUp>(withQuery('/api/activity/follow-up', { missionId }), { signal }),
      placeholderData: keepPreviousData,
    }),
  leads: (params: FollowUpLeadsParams) =>
    queryOptions({
      queryKey: [...followUpQueries.all(), 'leads', params] as const,
      queryFn: ({ signal }) =>
        apiRequest<FollowUpLeadsPage>(withQuery('/api/activity/follow-up/leads', params), { signal }),
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
