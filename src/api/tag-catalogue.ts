// The tag catalogue as the call-process editor reads it (issue #12 "Tags"): every tag, retired ones
// included, so a process still using a retired tag shows its name. One page of the list endpoint at
// its largest size: a call centre's catalogue is a few dozen tags.
import { queryOptions } from '@tanstack/react-query'
import { TAG_PAGE_SIZE_MAX, type Tag, type TagPage } from '../contracts/tags.ts'
import { apiRequest } from './client.ts'

/** One catalogue tag: what an outcome does to the lead (GET /api/tags). */
export type CatalogueTag = Tag

export const tagCatalogueQueries = {
  all: () => ['tags'] as const,
  catalogue: () =>
    queryOptions({
      queryKey: [...tagCatalogueQueries.all(), 'catalogue'] as const,
      queryFn: ({ signal }) =>
        apiRequest<TagPage>(`/api/tags?includeRetired=true&pageSize=${TAG_PAGE_SIZE_MAX}`, {
          signal,
        }),
    }),
}
