import { File as NodeFile } from 'node:buffer'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { ApiError, apiRequest } from './client.ts'
import { setNavigationPort } from './navigation-port.ts'
import { clearNotifications, notificationsStore } from '../stores/notifications.ts'
import { fr } from '../i18n/fr.ts'

// The navigation the app would inject (src/main.tsx), observed; registered before each test (the
// setup gives the app's back after each one).
const navigateTo = vi.fn<(to: string, options?: { replace?: boolean }) => void>()
const reloadPage = vi.fn<() => void>()

function setCookie(value: string) {
  document.cookie = `${value}; path=/`
}

/**
 * A FormData of Node's own fetch: under jsdom the global FormData and File are jsdom's, which
 * Node's fetch cannot serialise (in a browser there is one FormData and this is not needed).
 */
async function nativeFormData(): Promise<FormData> {
  return new Response(new URLSearchParams()).formData()
}

/** Node's own File, for the same reason (its typings differ from the DOM's only in generics). */
function nativeFile(content: string, name: string, type: string): File {
  return new NodeFile([content], name, { type }) as unknown as File
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

beforeEach(() => {
  window.history.pushState(null, '', '/home')
  navigateTo.mockClear()
  reloadPage.mockClear()
  setNavigationPort({
    currentRoute: () => window.location.pathname + window.location.search,
    navigateTo,
    reloadPage,
  })
})

afterEach(() => clearNotifications())

describe('apiRequest', () => {
  it('sends JSON with credentials and echoes the XSRF cookie in the X-XSRF-TOKEN header', async () => {
    setCookie('XSRF-TOKEN=abc%2Fdef')
    const received: unknown[] = []
    server.use(
      http.post('*/api/lead/:id/comment', async ({ request }) => {
        received.push({
          xsrf: request.headers.get('x-xsrf-token'),
          contentType: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          credentials: request.credentials,
          body: await request.json(),
        })
        return HttpResponse.json({ ok: true })
      }),
    )

    const result = await apiRequest<{ ok: boolean }>('/api/lead/12/comment', {
      method: 'POST',
      body: { comment: 'Rappeler demain' },
    })

    expect(result).toEqual({ ok: true })
    expect(received).toEqual([
      {
        xsrf: 'abc/def',
        contentType: 'application/json',
        accept: 'application/json',
        credentials: 'same-origin',
        body: { comment: 'Rappeler demain' },
      },
    ])
  })

  it('sends no XSRF header and no content type on a GET without body', async () => {
    setCookie('XSRF-TOKEN=abc')
    const received: unknown[] = []
    server.use(
      http.get('*/api/users', ({ request }) => {
        received.push({
          xsrf: request.headers.get('x-xsrf-token'),
          contentType: request.headers.get('content-type'),
        })
        return HttpResponse.json([])
      }),
    )

    await apiRequest('/api/users')

    expect(received).toEqual([{ xsrf: null, contentType: null }])
  })

  it('first primes the XSRF cookie with GET /api/user/me when it is missing', async () => {
    const calls: string[] = []
    server.use(
      http.get('*/api/user/me', () => {
        calls.push('GET /api/user/me')
        // What the browser does with the server's Set-Cookie header.
        setCookie('XSRF-TOKEN=primed')
        return HttpResponse.json(
          { error: { code: 'UNAUTHORIZED', message: 'Non connecté' } },
          { status: 401 },
        )
      }),
      http.post('*/api/login', ({ request }) => {
        calls.push(`POST /api/login ${request.headers.get('x-xsrf-token')}`)
        return HttpResponse.json({ ok: true })
      }),
    )

    await apiRequest('/api/login', { method: 'POST', body: { email: 'a@demo.fr', password: 'x' } })

    expect(calls).toEqual(['GET /api/user/me', 'POST /api/login primed'])
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('sends form data as multipart, untouched', async () => {
    setCookie('XSRF-TOKEN=abc')
    const received: { contentType: string | null; body: string }[] = []
    server.use(
      http.post('*/api/user/avatar', async ({ request }) => {
        // request.formData() cannot build jsdom Files here: read the multipart text instead.
        received.push({ contentType: request.headers.get('content-type'), body: await request.text() })
        return HttpResponse.json({ avatar: '/api/user/1/avatar' })
      }),
    )
    const formData = await nativeFormData()
    formData.append('file', nativeFile('png', 'moi.png', 'image/png'))

    await apiRequest('/api/user/avatar', { method: 'POST', formData })

    expect(received).toEqual([
      {
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
        body: expect.stringContaining('name="file"; filename="moi.png"\r\nContent-Type: image/png'),
      },
    ])
  })

  it('navigates to the redirect of a successful response when it is another route', async () => {
    setCookie('XSRF-TOKEN=abc')
    server.use(
      http.post('*/api/lead/find-lead-to-process', () => HttpResponse.json({ redirect: '/lead/abc-123' })),
    )

    const result = await apiRequest('/api/lead/find-lead-to-process', { method: 'POST' })

    expect(result).toEqual({ redirect: '/lead/abc-123' })
    expect(navigateTo).toHaveBeenCalledWith('/lead/abc-123')
    expect(reloadPage).not.toHaveBeenCalled()
  })

  it('reloads the page when the success redirect is the current route', async () => {
    window.history.pushState(null, '', '/lead/abc-123?tab=history')
    server.use(
      http.get('*/api/lead/abc-123', () => HttpResponse.json({ redirect: '/lead/abc-123?tab=history' })),
    )

    await apiRequest('/api/lead/abc-123')

    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it.each(['//evil.example/', '/\\evil.example', '/\t/evil.example', 'https://evil.example/home'])(
    'ignores the redirect %j that leaves the application',
    async (redirect) => {
      server.use(http.get('*/api/lead/1', () => HttpResponse.json({ redirect })))

      await apiRequest('/api/lead/1')

      expect(navigateTo).not.toHaveBeenCalled()
      expect(reloadPage).not.toHaveBeenCalled()
    },
  )

  it('does not follow a 403 redirect that leaves the application', async () => {
    const body = { error: { code: 'FORBIDDEN', message: 'Accès refusé' }, redirect: '/\\evil.example' }
    server.use(http.get('*/api/lead/7', () => HttpResponse.json(body, { status: 403 })))

    const error = await failure(apiRequest('/api/lead/7'))

    expect(error.status).toBe(403)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it.each([403, 404])('navigates to the redirect of a %i and still throws', async (status) => {
    const body = {
      error: { code: 'BLOCKED', message: 'Lead en cours' },
      redirect: '/home?redirect=/lead/9&cause=UNTAGGED_CALL',
    }
    server.use(http.get('*/api/lead/7', () => HttpResponse.json(body, { status })))

    const error = await failure(apiRequest('/api/lead/7'))

    expect(navigateTo).toHaveBeenCalledWith('/home?redirect=/lead/9&cause=UNTAGGED_CALL')
    expect(error.status).toBe(status)
    expect(error.body).toEqual(body)
    expect(error.message).toBe('Lead en cours')
  })

  it('passes a 403 without redirect on to the caller without navigating', async () => {
    server.use(
      http.get('*/api/users', () =>
        HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'Accès refusé' } }, { status: 403 }),
      ),
    )

    const error = await failure(apiRequest('/api/users'))

    expect(error.status).toBe(403)
    expect(error.message).toBe('Accès refusé')
    expect(navigateTo).not.toHaveBeenCalled()
    expect(notificationsStore.items).toHaveLength(0)
  })

  it('sends a signed-out user to /login with the current route to return to, and throws', async () => {
    window.history.pushState(null, '', '/lead/abc?tab=x')
    server.use(
      http.get('*/api/lead/abc', () =>
        HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Non connecté' } }, { status: 401 }),
      ),
    )

    const error = await failure(apiRequest('/api/lead/abc'))

    expect(error.status).toBe(401)
    expect(navigateTo).toHaveBeenCalledWith(`/login?returnTo=${encodeURIComponent('/lead/abc?tab=x')}`)
  })

  it('does not redirect a 401 on a public page or when redirectOn401 is false', async () => {
    server.use(
      http.get('*/api/user/me', () =>
        HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Non connecté' } }, { status: 401 }),
      ),
    )

    await failure(apiRequest('/api/user/me', { redirectOn401: false }))
    window.history.pushState(null, '', '/forgot-password')
    await failure(apiRequest('/api/user/me'))

    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('shows the server error notification on a 500 and throws', async () => {
    server.use(
      http.get('*/api/lead/1', () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: fr.errors.server } }, { status: 500 }),
      ),
    )

    const error = await failure(apiRequest('/api/lead/1'))

    expect(error.status).toBe(500)
    expect(notificationsStore.items).toMatchObject([
      {
        kind: 'error',
        message: "Une erreur est survenue. Si le problème persiste, veuillez contacter l'assistance.",
      },
    ])
  })

  it('uses the generic message for a 5xx without a JSON body', async () => {
    server.use(http.get('*/api/lead/1', () => new HttpResponse('Bad Gateway', { status: 502 })))

    const error = await failure(apiRequest('/api/lead/1'))

    expect(error.status).toBe(502)
    expect(error.body).toBeNull()
    expect(error.message).toBe(fr.errors.server)
    expect(notificationsStore.items.map((item) => item.message)).toEqual([fr.errors.server])
  })

  it('treats a success that is not JSON (e.g. the HTML shell) as a failure, without navigating', async () => {
    server.use(http.get('*/api/lead/1', () => HttpResponse.html('<!doctype html><title>App</title>')))

    const error = await failure(apiRequest('/api/lead/1'))

    expect(error.status).toBe(200)
    expect(error.body).toBeNull()
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('resolves a 204 to undefined', async () => {
    setCookie('XSRF-TOKEN=abc')
    server.use(http.post('*/api/users/quit-lead-page', () => new HttpResponse(null, { status: 204 })))

    await expect(apiRequest('/api/users/quit-lead-page', { method: 'POST' })).resolves.toBeUndefined()
  })

  it('turns a network failure into an ApiError with status 0 and one notification', async () => {
    server.use(http.get('*/api/lead/1', () => HttpResponse.error()))

    const first = await failure(apiRequest('/api/lead/1'))
    await failure(apiRequest('/api/lead/1'))

    expect(first.status).toBe(0)
    expect(first.message).toBe(fr.errors.network)
    expect(notificationsStore.items).toMatchObject([{ kind: 'error', message: fr.errors.network }])
  })

  it('passes an abort on as is, without notifying', async () => {
    server.use(http.get('*/api/lead/1', () => HttpResponse.json({})))
    const controller = new AbortController()
    controller.abort()

    await expect(apiRequest('/api/lead/1', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(notificationsStore.items).toHaveLength(0)
  })
})
