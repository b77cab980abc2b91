// Default msw handlers: data a signed-in teleoperator's client sees. Tests override per case.
import { http, HttpResponse } from 'msw'

export const handlers = [
  http.get('*/api/config', () => HttpResponse.json({ appEnv: 'develop', version: 'test', sentryDsn: null })),
  // Signed out unless a test signs someone in (tests/mocks/session.ts).
  http.get('*/api/user/me', () =>
    HttpResponse.json(
      { error: { code: 'UNAUTHENTICATED', message: 'Veuillez vous connecter.' } },
      { status: 401 },
    ),
  ),
]
