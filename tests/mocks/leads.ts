// Lead fixtures and msw handlers for the client tests of the home page and the lead sheet.
import { http, HttpResponse } from 'msw'
import { NO_CURRENT_CALL, type CurrentCall } from '../../src/contracts/call.ts'
import type { Lead, LeadEvent, LeadSearchItem, LeadSearchResult } from '../../src/contracts/lead.ts'

export const LEAD_UUID = '6f1c2a34-8b9d-4e21-9f3a-0c5d7e8f9a1b'

const tag = {
  nextStep: null,
  substatus: null,
  recallDelayMinutes: null,
  endsProcessing: false,
  requiresAppointment: false,
  asksRecallDate: false,
  withoutCall: false,
  experiencePoints: 10,
}

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 42,
    uuid: LEAD_UUID,
    firstName: 'Jeanne',
    lastName: 'Durand',
    phone: '+33612345678',
    secondaryPhone: null,
    email: 'jeanne.durand@example.fr',
    address: '3 rue des Lilas',
    postalCode: '69001',
    city: 'Lyon',
    step: 1,
    integrationMonth: '2026-01-01',
    meetRequestDate: '2026-11-01T09:00:00.000Z',
    status: 'IN_PROGRESS',
    substatus: null,
    comment: 'Préfère le matin',
    metadata: {},
    recallAt: null,
    processingSince: '2026-11-22T09:00:00.000Z',
    market: {
      id: 7,
      name: 'Marché Rhône',
      mission: {
        id: 5,
        name: 'Isolation',
        color: '#123456',
        bannerUrl: '/banners/a.webp',
        leadProcessingDurationDays: 60,
        callProcess: {
          id: 1,
          name: 'Process',
          callProcessSteps: [
            {
              id: 11,
              number: 1,
              title: 'Découverte',
              script: 'Bonjour, je vous appelle au sujet de votre demande.',
              callProcessTags: [
                { ...tag, id: 101, label: 'Intéressé', nextStep: 2, status: 'IN_PROGRESS' },
                { ...tag, id: 102, label: 'Pas intéressé', status: 'NOT_INTERESTED', endsProcessing: true },
                {
                  ...tag,
                  id: 103,
                  label: 'Rappeler plus tard',
                  status: 'RECALL',
                  substatus: 'CALLBACK_REQUESTED',
                  recallDelayMinutes: 120,
                  endsProcessing: true,
                  asksRecallDate: true,
                },
              ],
            },
            {
              id: 12,
              number: 2,
              title: 'Rendez-vous',
              script: 'Quand êtes-vous disponible ?',
              callProcessTags: [
                { ...tag, id: 201, label: 'RDV pris', status: 'APPOINTMENT', requiresAppointment: true },
              ],
            },
          ],
        },
      },
    },
    processingUser: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    expirationDate: '2026-12-31T09:00:00.000Z',
    isExpired: false,
    maxStep: 2,
    updatedAt: '2026-11-22T09:05:00.000Z',
    viewers: [],
    myCallId: null,
    calling: { refusal: null, nextCallAt: null },
    // The reader (makeMe's user) processes this lead.
    canRecordOutcome: true,
    ...overrides,
  }
}

/** One search result: Jeanne Durand, free and takeable, unless `overrides` say otherwise. */
export function makeSearchItem(overrides: Partial<LeadSearchItem> = {}): LeadSearchItem {
  return { ...makeSearchResult().items[0]!, ...overrides }
}

export function makeSearchResult(): LeadSearchResult {
  return {
    items: [
      {
        id: 42,
        uuid: LEAD_UUID,
        firstName: 'Jeanne',
        lastName: 'Durand',
        phone: '+33612345678',
        email: null,
        city: 'Lyon',
        status: 'NEW',
        substatus: null,
        step: 1,
        meetRequestDate: '2026-11-01T09:00:00.000Z',
        mission: { id: 5, name: 'Isolation', color: '#123456' },
        processingUser: null,
        processingSince: null,
        recallAt: null,
        expirationDate: '2026-12-31T09:00:00.000Z',
        isExpired: false,
        canPick: true,
        pickRefusal: null,
      },
    ],
    approximate: false,
    total: 1,
    totalCapped: false,
    page: 1,
    limit: 20,
  }
}

export const history: LeadEvent[] = [
  {
    id: 2,
    kind: 'comment',
    data: {},
    createdAt: '2026-11-22T09:05:00.000Z',
    user: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    call: null,
  },
  { id: 1, kind: 'assignment', data: {}, createdAt: '2026-11-22T09:00:00.000Z', user: null, call: null },
]

/** A history that tells a story: a recall chosen on an answered call, a missed call, an appointment. */
export const storyHistory: LeadEvent[] = [
  {
    id: 13,
    kind: 'appointment',
    data: { action: 'booked', startsAt: '2026-12-08T09:00:00.000Z', endsAt: '2026-12-08T10:00:00.000Z' },
    createdAt: '2026-12-02T09:10:00.000Z',
    user: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    call: null,
  },
  {
    id: 12,
    kind: 'tag',
    data: { label: 'RDV pris', callId: 8, recallAt: null, comment: null },
    createdAt: '2026-12-02T09:05:00.000Z',
    user: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    call: {
      id: 8,
      direction: 'inbound',
      outcome: 'missed',
      startedAt: '2026-12-02T09:00:00.000Z',
      durationSeconds: null,
    },
  },
  {
    id: 11,
    kind: 'tag',
    data: {
      label: 'Rappeler plus tard',
      callId: 7,
      recallAt: '2026-12-03T08:00:00.000Z',
      comment: 'Préfère le matin',
    },
    createdAt: '2026-12-01T13:30:00.000Z',
    user: { id: 3, firstName: 'Camille', lastName: 'Martin' },
    call: {
      id: 7,
      direction: 'outbound',
      outcome: 'answered',
      startedAt: '2026-12-01T13:25:00.000Z',
      durationSeconds: 125,
    },
  },
  {
    id: 10,
    kind: 'assignment',
    data: { action: 'assigned', via: 'find' },
    createdAt: '2026-12-01T13:20:00.000Z',
    user: null,
    call: null,
  },
]

export function currentCall(overrides: Partial<CurrentCall> = {}): CurrentCall {
  return { ...NO_CURRENT_CALL, ...overrides }
}

export function ongoingCallIs(call: CurrentCall) {
  return http.get('*/api/call/ongoing', () => HttpResponse.json(call))
}

/** The sheet of `lead` (by uuid or id), its history, and the viewing endpoints. */
export function leadSheetHandlers(lead: Lead) {
  return [
    http.get('*/api/lead/:id/history', () => HttpResponse.json(history)),
    http.get('*/api/lead/:id', () => HttpResponse.json(lead)),
    http.post('*/api/users/view-lead-page', () => HttpResponse.json({ ok: true })),
    http.post('*/api/users/quit-lead-page', () => HttpResponse.json({ ok: true })),
    ongoingCallIs(currentCall()),
  ]
}
