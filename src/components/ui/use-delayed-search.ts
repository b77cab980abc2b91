// The search field of a list (issue #12; the back office, the integration history): what is typed
// shows at once, and applies to the URL-held view once typing pauses. It applies through the latest
// `apply` (the view as it is then), so a row opened or a filter changed while the search was pending
// is kept.
import { useEffect, useRef, useState } from 'react'

export const SEARCH_DELAY_MS = 250

export function useDelayedSearch(
  initial: string,
  apply: (search: string) => void,
): readonly [string, (value: string) => void] {
  const [search, setSearch] = useState(initial)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latestApply = useRef(apply)
  useEffect(() => {
    latestApply.current = apply
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  function change(value: string) {
    setSearch(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => latestApply.current(value.trim()), SEARCH_DELAY_MS)
  }
  return [search, change] as const
}
