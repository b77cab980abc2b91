// The search field of a list (issue #12; the back office, the integration history): what is typed
// shows at once, and applies to the URL-held view once typing pauses. It applies through the latest
// `apply` (the view as it is then), so a row opened or a filter changed while the search was pending
// is kept. The field follows the view's search when it changes otherwise (back, a link): only the
// value this field applied itself arrives without replacing what is typed.
import { useEffect, useRef, useState } from 'react'

export const SEARCH_DELAY_MS = 250

export function useDelayedSearch(
  applied: string,
  apply: (search: string) => void,
): readonly [string, (value: string) => void] {
  const [search, setSearch] = useState(applied)
  const [seen, setSeen] = useState(applied)
  // The values this field applied that the view has not shown yet, oldest first. The router renders
  // each in a transition, so under load one may arrive after the next was typed, or never (skipped).
  const [pending, setPending] = useState<readonly string[]>([])
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latestApply = useRef(apply)
  useEffect(() => {
    latestApply.current = apply
  })
  useEffect(() => () => clearTimeout(timer.current), [])
  // Adjusted while rendering (React's pattern for state following a prop), not in an effect.
  if (applied !== seen) {
    setSeen(applied)
    const index = pending.indexOf(applied)
    if (index >= 0) setPending(pending.slice(index + 1))
    else {
      setSearch(applied)
      setPending([])
    }
  }

  function change(value: string) {
    setSearch(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setPending((values) => [...values, value.trim()])
      latestApply.current(value.trim())
    }, SEARCH_DELAY_MS)
  }
  return [search, change] as const
}
