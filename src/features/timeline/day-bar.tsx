// The day bar (issue #14): sheets, calls and idle gaps on three lanes over the working hours, with a
// legend. The drawing is decorative (aria-hidden); the sentence above it says the same in words.
import { parseIsoDate, zonedInstant } from '../../contracts/paris-calendar.ts'
import type { Timeline, TimelineSegment, TimelineSegmentKind } from '../../contracts/timeline.ts'
import { formatDuration } from '../../i18n/format-figures.ts'
import { formatTime } from '../../i18n/format.ts'
import { dayBarText as t } from '../../i18n/fr/timeline.ts'

/** The bar shows at least 07:00–20:00 (Paris), widened to whole hours around what happened. */
const FIRST_HOUR = 7
const LAST_HOUR = 20
const LANES: readonly TimelineSegmentKind[] = ['sheet', 'call', 'idle']

type Window = { start: number; end: number; hours: { hour: number; at: number }[] }

function windowOf(timeline: Timeline): Window {
  const date = parseIsoDate(timeline.day)!
  const dayStart = zonedInstant(date, 0).getTime()
  const dayEnd = zonedInstant(date, 24 * 60).getTime()
  const instants = timeline.segments.flatMap((segment) => [
    Date.parse(segment.start),
    Date.parse(segment.end),
  ])
  const hoursAfterMidnight = Math.round((dayEnd - dayStart) / 3_600_000)
  let first = FIRST_HOUR
  let last = LAST_HOUR
  for (const instant of instants) {
    // Hours counted from midnight; a DST day's shift is within the rounding of the ticks.
    first = Math.min(first, Math.floor((instant - dayStart) / 3_600_000))
    last = Math.max(last, Math.min(hoursAfterMidnight, Math.ceil((instant - dayStart) / 3_600_000)))
  }
  const start = zonedInstant(date, first * 60).getTime()
  const end = Math.min(dayEnd, zonedInstant(date, Math.min(last, 24) * 60).getTime())
  const hours = []
  for (let hour = first; hour <= Math.min(last, 23); hour += 1)
    hours.push({ hour, at: zonedInstant(date, hour * 60).getTime() })
  return { start, end, hours }
}

function percent(instant: number, { start, end }: Window): number {
  return Math.min(100, Math.max(0, ((instant - start) / (end - start)) * 100))
}

function Segment({ segment, window }: { segment: TimelineSegment; window: Window }) {
  const left = percent(Date.parse(segment.start), window)
  const width = Math.max(0.3, percent(Date.parse(segment.end), window) - left)
  const unanswered = segment.kind === 'call' && segment.answered === false
  return (
    <span
      className={`day-bar__segment day-bar__segment--${segment.kind}${unanswered ? ' is-unanswered' : ''}`}
      style={{ left: `${left}%`, width: `${width}%` }}
      title={`${t.segments[segment.kind]} ${formatTime(segment.start)}–${formatTime(segment.end)}`}
    />
  )
}

export function DayBar({ timeline }: { timeline: Timeline }) {
  const { summary } = timeline
  if (timeline.segments.length === 0 && summary.firstAt === null) return null
  const window = windowOf(timeline)
  return (
    <div className="day-bar">
      <p className="day-bar__summary">
        {t.summary({
          first: summary.firstAt ? formatTime(summary.firstAt) : '–',
          last: summary.lastAt ? formatTime(summary.lastAt) : '–',
          calls: summary.calls,
          answered: summary.answered,
          talk: formatDuration(summary.talkSeconds),
          sheets: formatDuration(summary.sheetSeconds),
          idle: formatDuration(summary.idleSeconds),
          idleGaps: summary.idleGaps,
          tags: summary.tags,
          appointments: summary.appointments,
        })}
      </p>
      <div className="day-bar__chart" aria-hidden="true">
        {LANES.map((lane) => (
          <div key={lane} className="day-bar__lane">
            {timeline.segments
              .filter((segment) => segment.kind === lane)
              .map((segment) => (
                <Segment key={`${segment.kind}-${segment.start}`} segment={segment} window={window} />
              ))}
          </div>
        ))}
        <div className="day-bar__hours">
          {window.hours
            .filter((tick) => tick.hour % 2 === 0)
            .map((tick) => (
              <span key={tick.hour} style={{ left: `${percent(tick.at, window)}%` }}>
                {t.hour(tick.hour)}
              </span>
            ))}
        </div>
      </div>
      <ul className="day-bar__legend" aria-label={t.legendLabel}>
        <li>
          <span className="day-bar__swatch day-bar__segment--sheet" aria-hidden="true" />
          {t.segments.sheet}
        </li>
        <li>
          <span className="day-bar__swatch day-bar__segment--call" aria-hidden="true" />
          {t.segments.call}
        </li>
        <li>
          <span className="day-bar__swatch day-bar__segment--call is-unanswered" aria-hidden="true" />
          {t.unansweredCall}
        </li>
        <li>
          <span className="day-bar__swatch day-bar__segment--idle" aria-hidden="true" />
          {t.idleLegend(timeline.idleGapMinutes)}
        </li>
      </ul>
    </div>
  )
}
