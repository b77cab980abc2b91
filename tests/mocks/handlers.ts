// Default msw handlers: data a signed-in teleoperator's client sees. Tests override per case.
import { http, HttpResponse } from 'msw'
import { liveServer } from './live.ts'

export const handlers = [
  http.get('*/api/config', () => HttpResponse.json({ appEnv: 'develop', version: 'test', sentryDsn: null })),
  // Signed out unless a test signs someone in (tests/mocks/session.ts).
  http.get('*/api/user/me', () =>
    HttpResponse.json(
      { error: { code: 'UNAUTHENTICATED', message: 'Veuillez vous connecter.' } },
      { status: 401 },
    ),
  ),
  // The live channel (/ws) accepts the signed-in layout's socket (tests/mocks/live.ts).
  liveServer.handler,
]
