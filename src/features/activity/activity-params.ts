// The activity screens' view state, held in the URL (conventions §3.3): the overview's team; the
// statistics' period (preset, or custom days), team, agent and sort — so a view is reloaded, shared and
// walked back as it was.
import { PERIOD_PRESETS, type PeriodPreset } from '../../contracts/activity-periods.ts'
import type { ActivityOverviewQuery, ActivityStatsQuery } from '../../contracts/activity.ts'
import { parseIsoDate } from '../../contracts/paris-calendar.ts'

function positive(value: string | null): number | null {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null
}

function day(value: string | null): string | null {
  return value !== null && parseIsoDate(value) ? value : null
}

export type OverviewView = { teamId: number | null }

export function readOverviewView(params: URLSearchParams): OverviewView {
  return { teamId: positive(params.get('team')) }
}

export function overviewQueryOf(view: OverviewView): ActivityOverviewQuery {
  return view.teamId === null ? {} : { teamId: view.teamId }
}

export type StatsView = {
  period: PeriodPreset
  /** Custom period only. */
  from: string | null
  to: string | null
  teamId: number | null
  userId: number | null
  /** A column id of the table (stats-metrics.ts, `name`), checked by the table. */
  sort: string
  order: 'asc' | 'desc'
  /** The table's figure columns shown (issue #31 point 4: a tablet fits five); null: STATS_DEFAULT_COLUMNS. */
  cols: string[] | null
}

export const DEFAULT_SORT = 'name'

/** The figure columns a view shows unless it names others (`?cols=`): the table then fits a tablet. */
export const STATS_DEFAULT_COLUMNS: readonly string[] = [
  'callsMade',
  'answeredRate',
  'talkSeconds',
  'appointments',
  'conversion',
]

const COLUMN_ID = /^[a-z][\w-]{0,40}$/i

function columnsOf(value: string | null): string[] | null {
  if (value === null) return null
  const ids = [...new Set(value.split(',').filter((id) => COLUMN_ID.test(id)))].slice(0, 100)
  return ids.length > 0 ? ids : null
}

export function readStatsView(params: URLSearchParams): StatsView {
  const period = params.get('period')
  const sort = params.get('sort')
  return {
    period: PERIOD_PRESETS.includes(period as PeriodPreset) ? (period as PeriodPreset) : 'today',
    from: day(params.get('from')),
    to: day(params.get('to')),
    teamId: positive(params.get('team')),
    userId: positive(params.get('agent')),
    sort: sort !== null && COLUMN_ID.test(sort) ? sort : DEFAULT_SORT,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    cols: columnsOf(params.get('cols')),
  }
}

export function writeStatsView(view: StatsView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.period !== 'today') params.set('period', view.period)
  if (view.period === 'custom' && view.from) params.set('from', view.from)
  if (view.period === 'custom' && view.to) params.set('to', view.to)
  if (view.teamId !== null) params.set('team', String(view.teamId))
  if (view.userId !== null) params.set('agent', String(view.userId))
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort)
  if (view.order !== 'asc') params.set('order', view.order)
  if (view.cols !== null) params.set('cols', view.cols.join(','))
  return params
}

/** The request of a view; a custom period without both days asks for today until they are given. */
export function statsQueryOf(view: StatsView): ActivityStatsQuery {
  const custom = view.period === 'custom' && view.from !== null && view.to !== null
  return {
    period: view.period === 'custom' && !custom ? 'today' : view.period,
    ...(custom ? { from: view.from!, to: view.to! } : {}),
    ...(view.teamId === null ? {} : { teamId: view.teamId }),
    ...(view.userId === null ? {} : { userId: view.userId }),
  }
}
