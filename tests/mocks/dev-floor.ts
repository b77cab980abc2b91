// msw handlers of the developer pages (issue #15): no simulated floor runs, the demo's settings.
import { http, HttpResponse } from 'msw'
import type { FloorState, UatSettings } from '../../src/contracts/dev-floor.ts'

export const NO_FLOOR: FloorState = {
  running: false,
  owner: null,
  startedAt: null,
  speed: 1,
  agents: [],
  counters: {
    calls: 0,
    answered: 0,
    voicemail: 0,
    noAnswer: 0,
    inbound: 0,
    tags: 0,
    appointments: 0,
    errors: 0,
  },
  candidates: [
    { id: 3, name: 'Camille Lefèvre', role: 'TELEOPERATOR' },
    { id: 4, name: 'Thomas Girard', role: 'TELEOPERATOR' },
  ],
}

export const UAT_SETTINGS: UatSettings = {
  environment: {
    appEnv: 'uat',
    version: '1.0.0',
    databaseKind: 'pglite',
    telephonyProvider: 'simulator',
  },
  simulator: { answerDelayMs: 3000, answeredPercent: 40, voicemailPercent: 25, noAnswerPercent: 35 },
  floorRunning: false,
}

export const devFloorHandlers = [
  http.get('*/api/dev/call-center-activity', () => HttpResponse.json(NO_FLOOR)),
  http.get('*/api/dev/uat-settings', () => HttpResponse.json(UAT_SETTINGS)),
]
