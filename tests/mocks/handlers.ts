// Default msw handlers: data a signed-in teleoperator's client sees. Tests override per case.
import { http, HttpResponse } from 'msw'
import { NO_CALL } from './calls.ts'
import { makeMyDay, myDayIs } from './gamification.ts'
import { noRunningImport } from './imports.ts'
import { leaderboardIs, makeBoard } from './leaderboard.ts'
import { devFloorHandlers } from './dev-floor.ts'
import { liveServer } from './live.ts'

export const handlers = [
  http.get('*/api/config', () =>
    HttpResponse.json({ appEnv: 'develop', version: 'test', sentryDsn: null, sessionIdleMinutes: 240 }),
  ),
  // Signed out unless a test signs someone in (tests/mocks/session.ts).
  http.get('*/api/user/me', () =>
    HttpResponse.json(
      { error: { code: 'UNAUTHENTICATED', message: 'Veuillez vous connecter.' } },
      { status: 401 },
    ),
  ),
  // Issue #14: "Ma journée" of the home page, nothing done yet unless a test says otherwise.
  myDayIs(makeMyDay()),
  // Issue #14: an empty leaderboard unless a test fills it (tests/mocks/leaderboard.ts).
  leaderboardIs((period, teamId) => makeBoard(period, teamId, [])),
  // No ongoing call unless a test raises one (src/features/calls).
  http.get('*/api/call/ongoing', () => HttpResponse.json(NO_CALL)),
  // No lead exists unless a test provides one (tests/mocks/leads.ts).
  http.get('*/api/lead/:id', () =>
    HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Lead introuvable.' } }, { status: 404 }),
  ),
  // Issue #15: the lead sheet's SMS panel; nothing to send unless a test says otherwise.
  http.get('*/api/lead/:id/sms', () =>
    HttpResponse.json({ phone: null, secondaryPhone: false, refusal: null, templates: [] }),
  ),
  // Issue #15: the back office's SMS and e-mail templates, none unless a test provides them.
  http.get('*/api/sms/templates', () => HttpResponse.json({ templates: [] })),
  http.get('*/api/mail-templates', () => HttpResponse.json({ templates: [] })),
  // Leaving a lead sheet (also when a test unmounts it) tells the server; nothing to check there.
  http.post('*/api/users/view-lead-page', () => HttpResponse.json({ ok: true })),
  http.post('*/api/users/quit-lead-page', () => HttpResponse.json({ ok: true })),
  // Administrators' layout asks whether an import runs (issue #13): none unless a test says so.
  noRunningImport,
  // Issue #15: the developer pages' defaults (tests/mocks/dev-floor.ts): no floor, the demo's settings.
  ...devFloorHandlers,
  // The live channel (/ws) accepts the signed-in layout's socket (tests/mocks/live.ts).
  liveServer.handler,
]
