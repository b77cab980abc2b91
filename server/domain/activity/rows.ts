// Reading raw rows of the activity reads: node-postgres and PGlite answer counts as strings or numbers
// and instants as Date objects or strings; these turn them into the contract's numbers and ISO texts.
import type { ActivityCountsBody, ActivityFigures } from '../../../src/contracts/activity.ts'

export type Instant = Date | string | null | undefined

export function toDate(value: Instant): Date | null {
  if (value === null || value === undefined) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function toIso(value: Instant): string | null {
  return toDate(value)?.toISOString() ?? null
}

export function toInt(value: unknown): number {
  const number = Number(value ?? 0)
  return Number.isFinite(number) ? Math.trunc(number) : 0
}

/** The counts' columns as SQL names them (daily_activity's). */
export type CountColumns = {
  calls_made?: unknown
  calls_received?: unknown
  answered?: unknown
  talk_seconds?: unknown
  tags?: unknown
  appointments?: unknown
  leads_processed?: unknown
  xp?: unknown
}

export function countsOf(row: CountColumns): ActivityCountsBody {
  return {
    callsMade: toInt(row.calls_made),
    callsReceived: toInt(row.calls_received),
    answered: toInt(row.answered),
    talkSeconds: toInt(row.talk_seconds),
    tags: toInt(row.tags),
    appointments: toInt(row.appointments),
    leadsProcessed: toInt(row.leads_processed),
    xp: toInt(row.xp),
  }
}

export const NO_COUNTS: ActivityCountsBody = countsOf({})

export function addCounts(a: ActivityCountsBody, b: ActivityCountsBody): ActivityCountsBody {
  return {
    callsMade: a.callsMade + b.callsMade,
    callsReceived: a.callsReceived + b.callsReceived,
    answered: a.answered + b.answered,
    talkSeconds: a.talkSeconds + b.talkSeconds,
    tags: a.tags + b.tags,
    appointments: a.appointments + b.appointments,
    leadsProcessed: a.leadsProcessed + b.leadsProcessed,
    xp: a.xp + b.xp,
  }
}

export function addFigures(a: ActivityFigures, b: ActivityFigures): ActivityFigures {
  const tagsByOutcome = { ...a.tagsByOutcome }
  for (const [key, value] of Object.entries(b.tagsByOutcome))
    tagsByOutcome[key] = (tagsByOutcome[key] ?? 0) + value
  return { ...addCounts(a, b), tagsByOutcome }
}

/** The sum of daily counts, as SQL over daily_activity `d` (named like its columns). */
export const SUM_COUNTS = `coalesce(sum(d.calls_made), 0) as calls_made,
  coalesce(sum(d.calls_received), 0) as calls_received, coalesce(sum(d.answered), 0) as answered,
  coalesce(sum(d.talk_seconds), 0) as talk_seconds, coalesce(sum(d.tags), 0) as tags,
  coalesce(sum(d.appointments), 0) as appointments, coalesce(sum(d.leads_processed), 0) as leads_processed,
  coalesce(sum(d.xp), 0) as xp`
