// Markets resource (issue #12 "Markets"): a mission's markets and the administrators' changes. A
// change refreshes the market lists and the mission it belongs to (its panel lists its markets).
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CreateMarketBody, UpdateMarketBody } from '../contracts/market-form.ts'
import type { Market, MarketListQuery, MarketPage } from '../contracts/markets.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { missionQueries } from './missions.ts'
import { withQuery } from './query-string.ts'

export type UpdateMarketInput = UpdateMarketBody & { id: number; missionId: number }

export const marketQueries = {
  all: () => ['markets'] as const,
  lists: () => [...marketQueries.all(), 'list'] as const,
  list: (params: MarketListQuery) =>
    queryOptions({
      queryKey: [...marketQueries.lists(), params] as const,
      queryFn: ({ signal }) => apiRequest<MarketPage>(withQuery('/api/markets', params), { signal }),
      placeholderData: keepPreviousData,
    }),
}

function applied(queryClient: QueryClient, missionId: number, marketId: number) {
  void queryClient.invalidateQueries({ queryKey: marketQueries.all() })
  void queryClient.invalidateQueries({ queryKey: missionQueries.detail(missionId).queryKey })
  void queryClient.invalidateQueries({ queryKey: missionQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('market', marketId) })
}

export const marketMutations = {
  /** The form shows refusals next to the fields (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...marketQueries.all(), 'create'] as const,
      mutationFn: (body: CreateMarketBody) => apiRequest<Market>('/api/markets', { method: 'POST', body }),
      onSuccess: (market: Market) => applied(queryClient, market.missionId, market.id),
    }),
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...marketQueries.all(), 'update'] as const,
      mutationFn: ({ id, missionId: _missionId, ...body }: UpdateMarketInput) =>
        apiRequest<Market>(`/api/market/${id}`, { method: 'PUT', body }),
      onSuccess: (market: Market) => applied(queryClient, market.missionId, market.id),
      onError: (_error, { id, missionId }) => applied(queryClient, missionId, id),
    }),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...marketQueries.all(), 'delete'] as const,
      mutationFn: ({ id, version }: { id: number; missionId: number; version: number }) =>
        apiRequest<{ id: number }>(`/api/market/${id}`, { method: 'DELETE', body: { version } }),
      onSettled: (_data, _error, { id, missionId }) => applied(queryClient, missionId, id),
      meta: notifyRefusal,
    }),
}
