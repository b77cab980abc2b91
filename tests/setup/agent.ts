// A cookie-keeping client over app.inject: behaves like a browser tab (session cookie, XSRF pair).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'

export type Agent = {
  request: (options: InjectOptions & { xsrf?: boolean }) => Promise<LightMyRequestResponse>
  login: (email: string, password?: string) => Promise<LightMyRequestResponse>
  cookies: Map<string, string>
}

export function createAgent(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Agent {
  const cookies = new Map<string, string>()

  async function request(options: InjectOptions & { xsrf?: boolean }) {
    const method = (options.method ?? 'GET').toUpperCase()
    // First contact, like a page load: the server sets the XSRF pair.
    if (method !== 'GET' && options.xsrf !== false && !cookies.has('XSRF-TOKEN')) {
      await request({ method: 'GET', url: '/api/user/me' })
    }
    const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await app.inject({
      remoteAddress,
      ...options,
      headers: {
        ...headers,
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(method !== 'GET' && options.xsrf !== false
          ? { 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' }
          : {}),
        ...(options.headers as Record<string, string> | undefined),
      },
    })
    for (const cookie of response.cookies as {
      name: string
      value: string
      maxAge?: number
      expires?: Date
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now())
      if (expired || cookie.value === '') cookies.delete(cookie.name)
      else cookies.set(cookie.name, cookie.value)
    }
    return response
  }

  async function login(email: string, password = TEST_PASSWORD) {
    return request({ method: 'POST', url: '/api/login', payload: { email, password } })
  }

  return { request, login, cookies }
}

export const TEST_PASSWORD = 'Secret123!'
