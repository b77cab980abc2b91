// A screen's view held in the URL's search parameters (conventions §3.3), changed from the latest
// parameters written rather than those of the last render. React Router renders a navigation in a
// transition unless told otherwise, so a change made before that render (a delayed search firing
// just after a row was opened) would otherwise start from the stale view and undo the first change.
import { useCallback, useLayoutEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'

export type UrlChangeOptions = { replace?: boolean }

export function useUrlParams() {
  const [params, setParams] = useSearchParams()
  const latest = useRef(params)
  // A navigation from elsewhere (back, a link) becomes the base of the next change.
  useLayoutEffect(() => {
    latest.current = params
  }, [params])
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options: UrlChangeOptions = {}) => {
      const written = next(new URLSearchParams(latest.current))
      latest.current = written
      // Rendered at once rather than in a transition: a field following the view (a delayed search)
      // must never see the URL move on while the screen still shows an older view.
      setParams(written, { ...options, flushSync: true })
    },
    [setParams],
  )
  return [params, change] as const
}

/** The view read from the URL, and a change of it applied to the latest view written. */
export function useUrlView<View>(
  read: (params: URLSearchParams) => View,
  write: (view: View) => URLSearchParams,
) {
  const [params, changeParams] = useUrlParams()
  const change = useCallback(
    (next: (current: View) => View, options?: UrlChangeOptions) =>
      changeParams((current) => write(next(read(current))), options),
    [changeParams, read, write],
  )
  return [read(params), change] as const
}

/**
 * A paged list's view: a change of one of `resetsPage` (a search, a filter, a sort) starts from the
 * first page; each keystroke of the search replaces the history entry, other changes are steps.
 */
export function usePagedView<View extends { page: number }>(
  read: (params: URLSearchParams) => View,
  write: (view: View) => URLSearchParams,
  resetsPage: readonly (keyof View)[],
) {
  const [view, change] = useUrlView(read, write)
  function update(changes: Partial<View>) {
    const reset = resetsPage.some((key) => key in changes)
    change((current) => ({ ...current, ...(reset ? { page: 1 } : {}), ...changes }), {
      replace: 'search' in changes,
    })
  }
  return [view, update] as const
}

export type UrlFilterChanges = Record<string, string | number | undefined>

/**
 * Filters kept as plain URL parameters: an empty value (or page 1) leaves the URL, and any change
 * other than the page starts from the first page.
 */
export function useUrlFilters() {
  const [params, changeParams] = useUrlParams()
  const change = useCallback(
    (changes: UrlFilterChanges, options: UrlChangeOptions = { replace: true }) =>
      changeParams((current) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) current.delete(key)
          else current.set(key, String(value))
        }
        if (!('page' in changes)) current.delete('page')
        return current
      }, options),
    [changeParams],
  )
  return [params, change] as const
}
