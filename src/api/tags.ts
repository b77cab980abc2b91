// Tag catalogue resource (issue #12 "Tags", docs/domain.md "Tags"): the list, one tag, and the
// administrators' changes. Every change answers with the tag as it now is, put in its detail query;
// the lists, the call-process editor's catalogue (src/api/tag-catalogue.ts) and the tag's audit
// trail are refetched.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { TagFields } from '../contracts/tag-form.ts'
import type { Tag, TagListQuery, TagPage } from '../contracts/tags.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { tagCatalogueQueries } from './tag-catalogue.ts'
import { withQuery } from './query-string.ts'

export type UpdateTagInput = TagFields & { id: number; version: number }
export type VersionedTagInput = { id: number; version: number }

export const tagQueries = {
  /** The same root as the editor's catalogue, so both follow a change. */
  all: () => tagCatalogueQueries.all(),
  lists: () => [...tagQueries.all(), 'list'] as const,
  list: (params: TagListQuery) =>
    queryOptions({
      queryKey: [...tagQueries.lists(), params] as const,
      queryFn: ({ signal }) => apiRequest<TagPage>(withQuery('/api/tags', params), { signal }),
      // Typing in the search keeps the previous page on screen instead of a loading state.
      placeholderData: keepPreviousData,
    }),
  details: () => [...tagQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...tagQueries.details(), id] as const,
      queryFn: ({ signal }) => apiRequest<Tag>(`/api/tag/${id}`, { signal }),
    }),
}

/** After a change: the tag as the server answered, the lists, the catalogue and its history to refetch. */
function applied(queryClient: QueryClient, tag: Tag) {
  queryClient.setQueryData(tagQueries.detail(tag.id).queryKey, tag)
  void queryClient.invalidateQueries({ queryKey: tagQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: tagCatalogueQueries.catalogue().queryKey })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('tag', tag.id) })
}

function versioned(queryClient: QueryClient, action: 'retire' | 'restore') {
  return mutationOptions({
    mutationKey: [...tagQueries.all(), action] as const,
    mutationFn: ({ id, version }: VersionedTagInput) =>
      apiRequest<Tag>(`/api/tag/${id}/${action}`, { method: 'POST', body: { version } }),
    onSuccess: (tag: Tag) => applied(queryClient, tag),
    // Refused (a stale version, a label taken…): the notice says why, the screen shows the tag now.
    onError: () => queryClient.invalidateQueries({ queryKey: tagQueries.all() }),
    meta: notifyRefusal,
  })
}

export const tagMutations = {
  /** The form shows a refusal next to its fields (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...tagQueries.all(), 'create'] as const,
      mutationFn: (body: TagFields) => apiRequest<Tag>('/api/tags', { method: 'POST', body }),
      onSuccess: (tag: Tag) => applied(queryClient, tag),
    }),
  /**
   * The form shows a refusal next to its fields; a stale version (409 STALE_VERSION) refetches the
   * tag, so the form shows the current version.
   */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...tagQueries.all(), 'update'] as const,
      mutationFn: ({ id, ...body }: UpdateTagInput) =>
        apiRequest<Tag>(`/api/tag/${id}`, { method: 'PUT', body }),
      onSuccess: (tag: Tag) => applied(queryClient, tag),
      onError: (_error, { id }) =>
        queryClient.invalidateQueries({ queryKey: tagQueries.detail(id).queryKey }),
    }),
  retire: (queryClient: QueryClient) => versioned(queryClient, 'retire'),
  restore: (queryClient: QueryClient) => versioned(queryClient, 'restore'),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...tagQueries.all(), 'delete'] as const,
      mutationFn: ({ id, version }: VersionedTagInput) =>
        apiRequest<{ id: number; deleted: true }>(`/api/tag/${id}`, { method: 'DELETE', body: { version } }),
      onSuccess: ({ id }: { id: number }) => {
        queryClient.removeQueries({ queryKey: tagQueries.detail(id).queryKey })
        void queryClient.invalidateQueries({ queryKey: tagQueries.lists() })
        void queryClient.invalidateQueries({ queryKey: tagCatalogueQueries.catalogue().queryKey })
      },
      onError: () => queryClient.invalidateQueries({ queryKey: tagQueries.all() }),
      meta: notifyRefusal,
    }),
}
