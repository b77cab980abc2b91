// The timeline's view, held in the URL (conventions §3.3): the agent, the Paris day (absent: today)
// and the search, so a day can be reloaded, shared with a colleague and walked back.
import { useUrlView } from '../../components/ui/use-url-view.ts'
import type { TimelineParams } from '../../api/timeline.ts'
import { addDays, civilDateOf, isoDate, parseIsoDate } from '../../contracts/paris-calendar.ts'
import { TIMELINE_SEARCH_MAX } from '../../contracts/timeline.ts'

export type TimelineView = {
  agentId: number | null
  /** YYYY-MM-DD (Paris); null: today. */
  day: string | null
  search: string
}

/** Today in Paris, whatever the device's time zone. */
export function parisToday(now = new Date()): string {
  return isoDate(civilDateOf(now))
}

export function shiftDay(day: string, days: number): string {
  const date = parseIsoDate(day)
  return date ? isoDate(addDays(date, days)) : day
}

function positive(value: string | null): number | null {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null
}

export function readTimelineView(params: URLSearchParams): TimelineView {
  const day = params.get('day')
  return {
    agentId: positive(params.get('agent')),
    day: day !== null && parseIsoDate(day) ? day : null,
    search: (params.get('q') ?? '').slice(0, TIMELINE_SEARCH_MAX),
  }
}

export function writeTimelineView(view: TimelineView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.agentId !== null) params.set('agent', String(view.agentId))
  if (view.day !== null) params.set('day', view.day)
  if (view.search) params.set('q', view.search)
  return params
}

/** The request of a view that names an agent. */
export function timelineQueryOf(view: TimelineView, today = parisToday()): TimelineParams | null {
  if (view.agentId === null) return null
  return { userId: view.agentId, day: view.day ?? today, search: view.search.trim() }
}

export function useTimelineView() {
  const [view, change] = useUrlView(readTimelineView, writeTimelineView)
  function update(changes: Partial<TimelineView>) {
    change(
      (current) => {
        const next = { ...current, ...changes }
        // Today is the default: it stays out of the URL, so a bookmark opens on the current day.
        if (next.day === parisToday()) next.day = null
        return next
      },
      { replace: Object.keys(changes).every((key) => key === 'search') },
    )
  }
  return [view, update] as const
}
