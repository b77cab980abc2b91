// Default msw handlers: data a signed-in teleoperator's client sees. Tests override per case.
import { http, HttpResponse } from 'msw'

export const handlers = [
  http.get('*/api/config', () => HttpResponse.json({ appEnv: 'develop', version: 'test', sentryDsn: null })),
]
