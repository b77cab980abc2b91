// The day bar of the timeline (issue #14; docs/domain.md "Timeline and follow-up"), as plain functions
// of the day's events: calls from start to end, time on lead sheets, idle gaps. Also the time each
// sheet stayed open, which the "sheet viewed" events carry.
import { IDLE_GAP_MINUTES, type TimelineSegment } from '../../../src/contracts/timeline.ts'

/** What the bar needs of an event; `sheet-left` is recorded but never listed. */
export type BarEvent = {
  kind: string
  at: Date
  leadId: number | null
  /** Calls: the end (null while ongoing) and whether answered. */
  endedAt?: Date | null
  answered?: boolean
}

export type BarOptions = {
  /** Nothing runs past it: the day's end (the next Paris midnight), or now for today. */
  dayEnd: Date
  /** Today with a live session: now (open sheets run until it, and so does the span); else null. */
  openUntil: Date | null
}

type Interval = { start: number; end: number }

const IDLE_MS = IDLE_GAP_MINUTES * 60_000

/** Events that end the sheet open before them. */
const LEAVES_SHEET = new Set(['sheet-viewed', 'sheet-left', 'signed-out'])

/** For each event (by index), the time of the next later event of `kinds`, if any (one backward pass). */
function nextOf(events: readonly BarEvent[], kinds: ReadonlySet<string>): (number | undefined)[] {
  const next: (number | undefined)[] = new Array(events.length)
  let upcoming: number | undefined
  for (let index = events.length - 1; index >= 0; index--) {
    next[index] = upcoming
    if (kinds.has(events[index]!.kind)) upcoming = events[index]!.at.getTime()
  }
  return next
}

/**
 * Each `sheet-viewed` (by index) → when the sheet was left: the next sheet left or opened or the
 * sign-out; failing those, now (today, with a live session) or the day's last event.
 */
export function sheetEnds(
  events: readonly BarEvent[],
  { dayEnd, openUntil }: BarOptions,
): Map<number, number> {
  const lastAt = Math.max(...events.map((event) => (event.endedAt ?? event.at).getTime()))
  const leaving = nextOf(events, LEAVES_SHEET)
  const ends = new Map<number, number>()
  events.forEach((event, index) => {
    if (event.kind !== 'sheet-viewed') return
    const fallback = openUntil ? openUntil.getTime() : Math.max(lastAt, event.at.getTime())
    ends.set(index, Math.min(leaving[index] ?? fallback, dayEnd.getTime()))
  })
  return ends
}

function callIntervals(events: readonly BarEvent[], { dayEnd, openUntil }: BarOptions) {
  return events
    .filter((event) => event.kind === 'call-started')
    .map((event) => {
      // A call never reported ended runs to now, or to the end of a past day.
      const end = event.endedAt ?? openUntil ?? dayEnd
      return {
        start: event.at.getTime(),
        end: Math.max(event.at.getTime(), Math.min(end.getTime(), dayEnd.getTime())),
        answered: event.answered ?? false,
      }
    })
}

/** Signed out until the next sign-in: not idle, just away. */
function awayIntervals(events: readonly BarEvent[], spanEnd: number): Interval[] {
  const back = nextOf(events, new Set(['signed-in']))
  return events.flatMap((event, index) =>
    event.kind === 'signed-out' ? [{ start: event.at.getTime(), end: back[index] ?? spanEnd }] : [],
  )
}

/** Gaps of IDLE_GAP_MINUTES or more between the first and the last thing of the day. */
function idleGaps(busy: Interval[], spanStart: number, spanEnd: number): Interval[] {
  const gaps: Interval[] = []
  let cursor = spanStart
  for (const interval of [...busy].sort((a, b) => a.start - b.start)) {
    if (interval.start - cursor >= IDLE_MS) gaps.push({ start: cursor, end: interval.start })
    cursor = Math.max(cursor, interval.end)
  }
  if (spanEnd - cursor >= IDLE_MS) gaps.push({ start: cursor, end: spanEnd })
  return gaps
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The bar's segments in time order, and each sheet's end (by event index). */
export function dayBar(events: readonly BarEvent[], options: BarOptions) {
  if (events.length === 0) return { segments: [] as TimelineSegment[], sheetEnds: new Map<number, number>() }
  const ends = sheetEnds(events, options)
  const sheets: Interval[] = [...ends].map(([index, end]) => ({ start: events[index]!.at.getTime(), end }))
  const calls = callIntervals(events, options)
  const instants = events.map((event) => ({ start: event.at.getTime(), end: event.at.getTime() }))
  const spanStart = Math.min(...instants.map((instant) => instant.start))
  const lastThing = Math.max(...[...sheets, ...calls, ...instants].map((interval) => interval.end))
  const spanEnd = Math.min(
    options.dayEnd.getTime(),
    options.openUntil ? Math.max(options.openUntil.getTime(), lastThing) : lastThing,
  )
  const idle = idleGaps(
    [...sheets, ...calls, ...instants, ...awayIntervals(events, spanEnd)],
    spanStart,
    spanEnd,
  )
  const segments: TimelineSegment[] = [
    ...calls.map((call) => ({
      kind: 'call' as const,
      start: iso(call.start),
      end: iso(call.end),
      answered: call.answered,
    })),
    ...sheets
      .filter((sheet) => sheet.end > sheet.start)
      .map((sheet) => ({
        kind: 'sheet' as const,
        start: iso(sheet.start),
        end: iso(sheet.end),
        answered: null,
      })),
    ...idle.map((gap) => ({
      kind: 'idle' as const,
      start: iso(gap.start),
      end: iso(gap.end),
      answered: null,
    })),
  ].sort((a, b) => a.start.localeCompare(b.start))
  return { segments, sheetEnds: ends }
}

/** Seconds covered by segments of one kind. */
export function secondsOf(segments: readonly TimelineSegment[], kind: TimelineSegment['kind']): number {
  return Math.round(
    segments
      .filter((segment) => segment.kind === kind)
      .reduce((sum, segment) => sum + Date.parse(segment.end) - Date.parse(segment.start), 0) / 1000,
  )
}
