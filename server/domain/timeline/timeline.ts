// GET /api/user/{userId}/timeline (issue #14, spec §7; docs/domain.md "Timeline and follow-up"): one
// agent's Paris day as events in time order, the day bar and its summary; the search filters the
// events (lead name, phone, outcome), never the bar.
import { eq } from 'drizzle-orm'
import {
  IDLE_GAP_MINUTES,
  type Timeline,
  type TimelineEvent,
  type TimelineQuery,
} from '../../../src/contracts/timeline.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { dayRange, parisDay } from '../../../src/contracts/paris-calendar.ts'
import type { LeadActor } from '../leads/access.ts'
import { hasLiveSession } from '../leads/viewers.ts'
import { dayBar, secondsOf, type BarEvent } from './day-bar.ts'
import { matchesSearch, phoneDigitsOf, type Searchable } from './search.ts'
import {
  activityOf,
  callsOf,
  foldedWords,
  leadEventsOf,
  outcomesOf,
  readableLeads,
  type DayLead,
  type DayRange,
} from './sources.ts'

/** An event before the reader's view of its lead is applied. */
type RawEvent = Omit<TimelineEvent, 'lead' | 'leadHidden' | 'kind'> & {
  /** A listed kind, or `sheet-left` (it only ends a sheet's time). */
  kind: TimelineEvent['kind'] | 'sheet-left'
  leadId: number | null
  time: Date
  endedAt?: Date | null
  answered?: boolean
  labelFolded?: string
}

const BLANK = {
  phone: null,
  direction: null,
  durationSeconds: null,
  talkSeconds: null,
  outcome: null,
  appointmentAt: null,
  detail: null,
  text: null,
} as const

/** Same instant: the order things happen in (a sign-in before what it allows, a sign-out last). */
const KIND_ORDER = [
  'signed-in',
  'lead-taken',
  'sheet-viewed',
  'call-started',
  'call-answered',
  'call-ended',
  'tag',
  'appointment',
  'comment',
  'lead-released',
  'sheet-left',
  'signed-out',
]

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000))
const text = (value: unknown) => (typeof value === 'string' ? value : null)

function event(kind: string, id: string, time: Date, leadId: number | null, more: Partial<RawEvent> = {}) {
  return { ...BLANK, kind, id, time, at: time.toISOString(), leadId, ...more } as RawEvent
}

async function rawEvents(db: Db, userId: number, range: DayRange): Promise<RawEvent[]> {
  const activity = await activityOf(db, userId, range)
  const dayCalls = await callsOf(db, userId, range)
  const outcomes = await outcomesOf(db, userId, range)
  const lead = await leadEventsOf(db, userId, range)
  return [
    ...activity.map((row) =>
      event(row.kind, `a${row.id}`, row.at, row.leadId, { detail: text(row.data['reason']) }),
    ),
    ...dayCalls.flatMap((call) => {
      const base = { phone: call.phone, direction: call.direction }
      const answered = call.answeredAt !== null
      return [
        event('call-started', `c${call.id}s`, call.startedAt, call.leadId, {
          ...base,
          endedAt: call.endedAt,
          answered,
        }),
        ...(call.answeredAt
          ? [event('call-answered', `c${call.id}a`, call.answeredAt, call.leadId, base)]
          : []),
        ...(call.endedAt
          ? [
              event('call-ended', `c${call.id}e`, call.endedAt, call.leadId, {
                ...base,
                durationSeconds: seconds(call.startedAt, call.endedAt),
                talkSeconds: call.answeredAt ? seconds(call.answeredAt, call.endedAt) : null,
              }),
            ]
          : []),
      ]
    }),
    ...outcomes.map((row) =>
      event('tag', `t${row.id}`, row.at, row.leadId, {
        outcome: { label: row.label, status: row.status },
        labelFolded: row.labelFolded,
      }),
    ),
    ...lead.map((row) => {
      const data = row.data
      if (row.kind === 'comment')
        return event('comment', `e${row.id}`, row.at, row.leadId, { text: text(data['comment']) })
      if (row.kind === 'appointment')
        return event('appointment', `e${row.id}`, row.at, row.leadId, {
          detail: text(data['action']),
          appointmentAt: text(data['startsAt']),
        })
      return data['action'] === 'assigned'
        ? event('lead-taken', `e${row.id}`, row.at, row.leadId, { detail: text(data['via']) })
        : event('lead-released', `e${row.id}`, row.at, row.leadId, {
            detail: text(data['reason']),
            text: text(data['comment']),
          })
    }),
  ].sort(
    (a, b) =>
      a.time.getTime() - b.time.getTime() ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      a.id.localeCompare(b.id),
  )
}

function searchableOf(raw: RawEvent, lead: DayLead | undefined): Searchable {
  // A call's number is shown (and searched) unless it belongs to a lead the reader may not see.
  const hidden = raw.leadId !== null && lead === undefined
  return {
    name: lead?.folded ?? null,
    label: raw.labelFolded ?? null,
    phones: [...(lead ? [lead.phone] : []), ...(raw.phone && !hidden ? [raw.phone] : [])],
  }
}

function publicEvent(raw: RawEvent, lead: DayLead | undefined): TimelineEvent {
  const hidden = raw.leadId !== null && lead === undefined
  return {
    id: raw.id,
    kind: raw.kind as TimelineEvent['kind'],
    at: raw.at,
    lead: lead
      ? {
          id: lead.id,
          uuid: lead.uuid,
          firstName: lead.firstName,
          lastName: lead.lastName,
          phone: lead.phone,
        }
      : null,
    leadHidden: hidden,
    phone: hidden ? null : raw.phone,
    direction: raw.direction,
    durationSeconds: raw.durationSeconds,
    talkSeconds: raw.talkSeconds,
    // A lead the reader may not see keeps its words to itself: a comment or a release reason can
    // name the person; the event's kind and time, and the agent's outcome label, stay.
    outcome: raw.outcome,
    appointmentAt: hidden ? null : raw.appointmentAt,
    detail: raw.detail,
    text: hidden ? null : raw.text,
  }
}

export type TimelineOptions = { now?: Date; sessionIdleMs: number }

export async function timelineOf(
  db: Db,
  reader: LeadActor,
  userId: number,
  query: TimelineQuery,
  { now = new Date(), sessionIdleMs }: TimelineOptions,
): Promise<Timeline> {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw errors.notFound(messages.userNotFound)
  const day = query.day ?? parisDay(now)
  const range = dayRange(day, day)
  const raws = await rawEvents(db, userId, range)
  const leadIds = [...new Set(raws.flatMap((raw) => (raw.leadId === null ? [] : [raw.leadId])))]
  const leads = await readableLeads(db, reader, leadIds)
  const live = day === parisDay(now) && (await hasLiveSession(db, userId, { sessionIdleMs }))
  const dayEnd = new Date(Math.min(range.end.getTime(), now.getTime()))
  const bar: BarEvent[] = raws.map((raw) => ({
    kind: raw.kind,
    at: raw.time,
    leadId: raw.leadId,
    endedAt: raw.endedAt ?? null,
    answered: raw.answered ?? false,
  }))
  const { segments, sheetEnds } = dayBar(bar, { dayEnd, openUntil: live ? now : null })

  const search = query.search ?? ''
  const words = await foldedWords(db, search)
  const digits = phoneDigitsOf(search)
  const listed = raws.flatMap((raw, index) => {
    if (raw.kind === 'sheet-left') return []
    const lead = raw.leadId === null ? undefined : leads.get(raw.leadId)
    if (search !== '' && !matchesSearch(searchableOf(raw, lead), { words, digits })) return []
    const end = sheetEnds.get(index)
    const timed = end === undefined ? raw : { ...raw, durationSeconds: seconds(raw.time, new Date(end)) }
    return [publicEvent(timed, lead)]
  })
  const calls = segments.filter((segment) => segment.kind === 'call')
  const visible = raws.filter((raw) => raw.kind !== 'sheet-left')
  return {
    user,
    day,
    search,
    idleGapMinutes: IDLE_GAP_MINUTES,
    total: visible.length,
    events: listed,
    segments,
    summary: {
      firstAt: visible[0]?.at ?? null,
      lastAt: visible.at(-1)?.at ?? null,
      calls: calls.length,
      answered: calls.filter((call) => call.answered).length,
      talkSeconds: raws.reduce(
        (sum, raw) => sum + (raw.kind === 'call-ended' ? (raw.talkSeconds ?? 0) : 0),
        0,
      ),
      sheetSeconds: secondsOf(segments, 'sheet'),
      idleSeconds: secondsOf(segments, 'idle'),
      idleGaps: segments.filter((segment) => segment.kind === 'idle').length,
      tags: raws.filter((raw) => raw.kind === 'tag').length,
      appointments: raws.filter((raw) => raw.kind === 'appointment' && raw.detail === 'booked').length,
    },
  }
}
