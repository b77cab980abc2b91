// The lead follow-up API for client tests (issue #14): Mission Soleil with two markets, and the
// leads behind its counts; records the query of every list asked and every unassign.
import { http, HttpResponse } from 'msw'
import type { FollowUp, FollowUpCounts, FollowUpLead } from '../../src/contracts/follow-up.ts'

function counts(overrides: Partial<FollowUpCounts> = {}): FollowUpCounts {
  return {
    total: 0,
    statuses: [],
    substatuses: [],
    steps: [],
    alerts: {
      'recall-due': 0,
      'recall-overdue': 0,
      'forced-appointment': 0,
      'held-long': 0,
      'expiring-soon': 0,
      expired: 0,
    },
    ...overrides,
  }
}

const sud = counts({
  total: 5,
  statuses: [
    { status: 'NEW', count: 2 },
    { status: 'IN_PROGRESS', count: 2 },
    { status: 'APPOINTMENT', count: 1 },
  ],
  substatuses: [{ substatus: 'WAITING_FOR_FORCED_RDV', count: 1 }],
  steps: [
    { step: 1, count: 3 },
    { step: 2, count: 1 },
  ],
  alerts: {
    'recall-due': 0,
    'recall-overdue': 0,
    'forced-appointment': 1,
    'held-long': 1,
    'expiring-soon': 0,
    expired: 0,
  },
})
const nord = counts({
  total: 3,
  statuses: [{ status: 'NEW', count: 3 }],
  steps: [{ step: 1, count: 3 }],
  alerts: {
    'recall-due': 0,
    'recall-overdue': 0,
    'forced-appointment': 0,
    'held-long': 0,
    'expiring-soon': 2,
    expired: 0,
  },
})

export const FOLLOW_UP: FollowUp = {
  missions: [
    { id: 5, name: 'Mission Soleil', color: '#123456' },
    { id: 6, name: 'Mission Zèbre', color: '#654321' },
  ],
  mission: { id: 5, name: 'Mission Soleil', color: '#123456' },
  heldLongMinutes: 120,
  expiringSoonDays: 7,
  markets: [
    { id: 11, name: 'Sud', ...sud },
    { id: 12, name: 'Nord', ...nord },
  ],
  totals: counts({
    total: 8,
    statuses: [
      { status: 'NEW', count: 5 },
      { status: 'IN_PROGRESS', count: 2 },
      { status: 'APPOINTMENT', count: 1 },
    ],
    substatuses: sud.substatuses,
    steps: [
      { step: 1, count: 6 },
      { step: 2, count: 1 },
    ],
    alerts: { ...sud.alerts, 'expiring-soon': 2 },
  }),
}

export function makeFollowUpLead(overrides: Partial<FollowUpLead> = {}): FollowUpLead {
  return {
    id: 41,
    uuid: '8f9a2c1e-0000-4000-8000-000000000041',
    firstName: 'Hélène',
    lastName: 'Lefèvre',
    phone: '+33612345678',
    market: { id: 11, name: 'Sud' },
    status: 'IN_PROGRESS',
    substatus: null,
    step: 2,
    recallAt: null,
    expirationDate: '2099-01-01T10:00:00.000Z',
    processingUser: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    processingSince: '2026-03-10T07:00:00.000Z',
    canUnassign: true,
    ...overrides,
  }
}

const FORCED = makeFollowUpLead({
  id: 42,
  uuid: '8f9a2c1e-0000-4000-8000-000000000042',
  firstName: 'Marc',
  lastName: 'Dupont',
  substatus: 'WAITING_FOR_FORCED_RDV',
  processingUser: null,
  processingSince: null,
})

export function followUpServer({ missions = FOLLOW_UP.missions } = {}) {
  const lists: Record<string, string>[] = []
  const pipelines: (string | null)[] = []
  const unassigned: unknown[] = []
  let held = 1
  const handlers = [
    http.get('*/api/activity/follow-up', ({ request }) => {
      pipelines.push(new URL(request.url).searchParams.get('missionId'))
      if (missions.length === 0)
        return HttpResponse.json({ ...FOLLOW_UP, missions: [], mission: null, markets: [] })
      const sudNow = { ...FOLLOW_UP.markets[0]!, alerts: { ...sud.alerts, 'held-long': held } }
      const totals = { ...FOLLOW_UP.totals, alerts: { ...FOLLOW_UP.totals.alerts, 'held-long': held } }
      return HttpResponse.json({ ...FOLLOW_UP, markets: [sudNow, FOLLOW_UP.markets[1]!], totals })
    }),
    http.get('*/api/activity/follow-up/leads', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      lists.push(params)
      const items =
        params['bucket'] === 'held-long'
          ? held
            ? [makeFollowUpLead()]
            : []
          : params['bucket'] === 'forced-appointment'
            ? [FORCED]
            : Array.from({ length: params['page'] === '2' ? 1 : 25 }, (_, i) =>
                makeFollowUpLead({
                  id: 100 + i,
                  lastName: `N${i}`,
                  processingUser: null,
                  processingSince: null,
                  status: 'NEW',
                  step: 1,
                }),
              )
      const total = params['bucket'] === 'status' ? 26 : items.length
      return HttpResponse.json({ items, total, page: Number(params['page'] ?? 1), pageSize: 25 })
    }),
    http.post('*/api/users/unassign-lead-from-user', async ({ request }) => {
      unassigned.push(await request.json())
      held = 0
      return HttpResponse.json({ ok: true })
    }),
  ]
  return { handlers, lists, pipelines, unassigned, lastList: () => lists.at(-1) }
}
