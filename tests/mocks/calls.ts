// Current calls (GET /api/call/ongoing) for client tests, and the msw handler serving them.
import { http, HttpResponse } from 'msw'
import { NO_CURRENT_CALL, type CurrentCall } from '../../src/contracts/call.ts'

export const NO_CALL: CurrentCall = NO_CURRENT_CALL

export function makeCurrentCall(overrides: Partial<CurrentCall> = {}): CurrentCall {
  return {
    callId: 7,
    status: 'answered',
    direction: 'outbound',
    phoneNumber: '+33612345678',
    duration: 0,
    leadId: null,
    detectedLeadId: null,
    startedAt: '2026-03-02T10:00:00.000Z',
    answeredAt: '2026-03-02T10:00:05.000Z',
    ...overrides,
  }
}

/** GET /api/call/ongoing answers with the current value of `current()`. */
export function currentCallIs(current: () => CurrentCall) {
  return http.get('*/api/call/ongoing', () => HttpResponse.json(current()))
}
