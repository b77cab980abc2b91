// Telephony webhook status resource (issue #15, docs/domain.md "Telephony webhook status"): the
// health figures, the deliveries list with its filters, and the replay of a failed delivery.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  WebhookRegistrations,
  WebhookDeliveriesQuery,
  WebhookDeliveryList,
  WebhookRepair,
  WebhookReplay,
  WebhookStatus,
} from '../contracts/webhooks.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

/** Deliveries arrive by themselves: the open page asks again this often. */
export const WEBHOOKS_POLL_MS = 15_000

export const webhookQueries = {
  all: () => ['webhooks'] as const,
  status: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'status'] as const,
      queryFn: ({ signal }) => apiRequest<WebhookStatus>('/api/webhooks/status', { signal }),
      refetchInterval: WEBHOOKS_POLL_MS,
    }),
  /** Asks Aircall's API (rate-limited company-wide): once per visit, not polled. */
  registrations: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'registrations'] as const,
      queryFn: ({ signal }) =>
        apiRequest<WebhookRegistrations>('/api/webhooks/aircall-registrations', { signal }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  deliveries: (query: WebhookDeliveriesQuery) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', query] as const,
      queryFn: ({ signal }) =>
        apiRequest<WebhookDeliveryList>(
          withQuery('/api/webhooks/deliveries', { ...query, page: query.page > 1 ? query.page : undefined }),
          { signal },
        ),
      placeholderData: keepPreviousData,
      refetchInterval: WEBHOOKS_POLL_MS,
    }),
}

export const webhookMutations = {
  replay: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...webhookQueries.all(), 'replay'] as const,
      mutationFn: (id: number) =>
        apiRequest<WebhookReplay>(`/api/webhooks/deliveries/${id}/replay`, { method: 'POST' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
      meta: notifyRefusal,
    }),
  /** Issue #15: create the product's Aircall webhook, or add the call events it lacks. */
  repairAircall: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...webhookQueries.all(), 'repair'] as const,
      mutationFn: (action: WebhookRepair) =>
        apiRequest<WebhookRegistrations>(`/api/webhooks/aircall-registrations/${action}`, { method: 'POST' }),
      onSuccess: (registrations) =>
        queryClient.setQueryData(webhookQueries.registrations().queryKey, registrations),
      // The status's "token configured" counts a created webhook's token.
      onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.status().queryKey }),
      meta: notifyRefusal,
    }),
}
