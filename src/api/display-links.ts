// Display links resource (issue #14, docs/domain.md "Display links"): the administrators' list,
// creation (its answer carries the token, shown once) and revocation.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  CreateDisplayLinkBody,
  CreatedDisplayLink,
  DisplayLink,
  DisplayLinkList,
} from '../contracts/display-links.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'

export const displayLinkQueries = {
  all: () => ['display-links'] as const,
  list: () =>
    queryOptions({
      queryKey: [...displayLinkQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiRequest<DisplayLinkList>('/api/display-links', { signal }),
    }),
}

export const displayLinkMutations = {
  /** The dialog shows a refusal next to the name (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...displayLinkQueries.all(), 'create'] as const,
      mutationFn: (body: CreateDisplayLinkBody) =>
        apiRequest<CreatedDisplayLink>('/api/display-links', { method: 'POST', body }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: displayLinkQueries.all() }),
    }),
  revoke: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...displayLinkQueries.all(), 'revoke'] as const,
      mutationFn: (id: number) =>
        apiRequest<DisplayLink>(`/api/display-links/${id}/revoke`, { method: 'POST' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkQueries.all() }),
      meta: notifyRefusal,
    }),
}
