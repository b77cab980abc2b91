// msw handlers of the call-process client tests: an administrator, the tag catalogue, one process
// (its saves recorded), its audit trail.
import { http, HttpResponse } from 'msw'
import type { CatalogueTag } from '../../../api/tag-catalogue.ts'
import type { CallProcessDetail } from '../../../contracts/call-processes.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'

function tag(id: number, label: string, overrides: Partial<CatalogueTag> = {}): CatalogueTag {
  return {
    id,
    label,
    color: '#1f4e8c',
    status: 'IN_PROGRESS',
    substatus: null,
    endsProcessing: false,
    requiresAppointment: false,
    asksRecallDate: false,
    withoutCall: false,
    recallDelayMinutes: null,
    experiencePoints: 0,
    version: 1,
    retiredAt: null,
    usageCount: 0,
    ...overrides,
  }
}

export const TAGS: CatalogueTag[] = [
  tag(1, 'Intéressé'),
  tag(2, 'Rendez-vous pris', { status: 'APPOINTMENT', endsProcessing: true, requiresAppointment: true }),
  tag(3, 'À rappeler', { status: 'RECALL', recallDelayMinutes: 1440 }),
  tag(4, 'Ancien tag', { retiredAt: '2026-11-01T09:00:00.000Z' }),
]

export function makeProcess(overrides: Partial<CallProcessDetail> = {}): CallProcessDetail {
  return {
    id: 5,
    name: 'Isolation',
    version: 3,
    archivedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    missions: [{ id: 2, name: 'Isolation Rhône' }],
    steps: [
      {
        id: 11,
        number: 1,
        title: 'Accueil',
        script: 'Bonjour [prénom]',
        leadCount: 0,
        outcomes: [{ id: 101, tagId: 1, nextStep: 3 }],
      },
      {
        id: 12,
        number: 2,
        title: 'Qualification',
        script: '',
        leadCount: 4,
        outcomes: [{ id: 102, tagId: 3, nextStep: null }],
      },
      {
        id: 13,
        number: 3,
        title: 'Rendez-vous',
        script: '',
        leadCount: 0,
        outcomes: [{ id: 103, tagId: 2, nextStep: null }],
      },
    ],
    ...overrides,
  }
}

/** The server of one process; `puts` records every PUT body. */
export function callProcessServer(initial: CallProcessDetail = makeProcess()) {
  const puts: unknown[] = []
  let process = initial
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/tags', () =>
      HttpResponse.json({ items: TAGS, total: TAGS.length, page: 1, pageSize: 500 }),
    ),
    http.get('*/api/call-process/:id', () => HttpResponse.json(process)),
    http.get('*/api/audit/callProcess/:id', () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
    ),
  )
  return {
    puts,
    /** Answers the next PUTs with `answer` (after recording the body). */
    answerPuts(answer: (body: unknown) => Response) {
      server.use(
        http.put('*/api/call-process/:id', async ({ request }) => {
          const body = await request.json()
          puts.push(body)
          return answer(body)
        }),
      )
    },
    /** Another administrator's save, unknown to this page. */
    changeBehindTheScenes: (changes: Partial<CallProcessDetail>) => (process = { ...process, ...changes }),
  }
}
