// The timeline API for client tests (issue #14): a scripted day of Camille Martin (2026-03-10, Paris
// winter time), filtered like the server does for the few searches the tests type.
import { http, HttpResponse } from 'msw'
import type { Timeline, TimelineAgent, TimelineEvent } from '../../src/contracts/timeline.ts'

export const TIMELINE_AGENTS: TimelineAgent[] = [
  { id: 3, firstName: 'Camille', lastName: 'Martin', role: 'TELEOPERATOR', status: 'ACTIVE' },
  { id: 4, firstName: 'Julie', lastName: 'Bernard', role: 'TELEOPERATOR', status: 'INACTIVE' },
]

const helene = {
  id: 41,
  uuid: '8f9a2c1e-0000-4000-8000-000000000041',
  firstName: 'Hélène',
  lastName: 'Lefèvre',
  phone: '+33612345678',
}

function event(kind: TimelineEvent['kind'], at: string, more: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    id: `${kind}-${at}`,
    kind,
    at: `2026-03-10T${at}Z`,
    lead: null,
    leadHidden: false,
    phone: null,
    direction: null,
    durationSeconds: null,
    talkSeconds: null,
    outcome: null,
    appointmentAt: null,
    detail: null,
    text: null,
    ...more,
  }
}

export const DAY_EVENTS: TimelineEvent[] = [
  event('signed-in', '07:55:00'),
  event('lead-taken', '08:00:00', { lead: helene, detail: 'find' }),
  event('sheet-viewed', '08:00:05', { lead: helene, durationSeconds: 325 }),
  event('call-started', '08:01:00', { lead: helene, phone: helene.phone, direction: 'outbound' }),
  event('call-ended', '08:04:20', {
    lead: helene,
    phone: helene.phone,
    direction: 'outbound',
    durationSeconds: 200,
    talkSeconds: 180,
  }),
  event('tag', '08:05:00', { lead: helene, outcome: { label: 'Rappeler', status: 'RECALL' } }),
  event('call-started', '08:20:00', { leadHidden: true, direction: 'inbound' }),
  event('signed-out', '08:45:00', { detail: 'logout' }),
]

export function makeTimeline(day: string, search: string, userId = 3): Timeline {
  const agent = TIMELINE_AGENTS.find((item) => item.id === userId) ?? TIMELINE_AGENTS[0]!
  const events = day === '2026-03-10' ? DAY_EVENTS : []
  const matching = search
    ? events.filter((item) =>
        item.lead?.lastName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(search),
      )
    : events
  return {
    user: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName },
    day,
    search,
    idleGapMinutes: 15,
    total: events.length,
    events: matching,
    segments:
      events.length === 0
        ? []
        : [
            {
              kind: 'sheet',
              start: '2026-03-10T08:00:05.000Z',
              end: '2026-03-10T08:05:30.000Z',
              answered: null,
            },
            {
              kind: 'call',
              start: '2026-03-10T08:01:00.000Z',
              end: '2026-03-10T08:04:20.000Z',
              answered: true,
            },
            {
              kind: 'idle',
              start: '2026-03-10T08:20:00.000Z',
              end: '2026-03-10T08:45:00.000Z',
              answered: null,
            },
          ],
    summary: {
      firstAt: events.length ? '2026-03-10T07:55:00.000Z' : null,
      lastAt: events.length ? '2026-03-10T08:45:00.000Z' : null,
      calls: events.length ? 2 : 0,
      answered: events.length ? 1 : 0,
      talkSeconds: events.length ? 180 : 0,
      sheetSeconds: events.length ? 325 : 0,
      idleSeconds: events.length ? 1500 : 0,
      idleGaps: events.length ? 1 : 0,
      tags: events.length ? 1 : 0,
      appointments: 0,
    },
  }
}

/** The agents and the day; records the query of every day asked. */
export function timelineServer() {
  const asked: { userId: number; day: string | null; search: string | null }[] = []
  const handlers = [
    http.get('*/api/timeline/agents', () => HttpResponse.json(TIMELINE_AGENTS)),
    http.get('*/api/user/:userId/timeline', ({ request, params }) => {
      const url = new URL(request.url)
      const userId = Number(params['userId'])
      asked.push({ userId, day: url.searchParams.get('day'), search: url.searchParams.get('search') })
      return HttpResponse.json(
        makeTimeline(url.searchParams.get('day') ?? '', url.searchParams.get('search') ?? '', userId),
      )
    }),
  ]
  return { handlers, asked, last: () => asked.at(-1) }
}
