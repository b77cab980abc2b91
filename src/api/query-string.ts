// The one query-string builder of the API resources (issue #28 point 5): a resource's path and its
// parameters, in the order given. A parameter left undefined, null or empty is not sent, so an unset
// filter and an absent one ask the server the same thing (and share a cache entry's URL).
export type QueryValue = string | number | boolean | null | undefined

export function withQuery(path: string, params: Readonly<Record<string, QueryValue>>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value))
  return query.size > 0 ? `${path}?${query}` : path
}
