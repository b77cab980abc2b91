import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { z } from 'zod'
import { server } from '../../tests/mocks/server.ts'
import { clearNotifications } from '../stores/notifications.ts'
import { ApiError, apiRequest } from './client.ts'
import {
  apiErrorMessage,
  apiErrorNotice,
  fieldErrorMessage,
  mutationErrorNotice,
  refusalMessage,
  staleRefusal,
} from './error-message.ts'
import { setNavigationPort } from './navigation-port.ts'

const FALLBACK = 'Action impossible.'
const navigateTo = vi.fn<(to: string) => void>()

function refusal(status: number, message = 'Ce lead est déjà traité.', extra: object = {}) {
  return new ApiError(status, { error: { code: 'REFUSED', message }, ...extra })
}

/** The error `apiRequest` throws for that answer (the client's own handling included). */
async function errorOf(response: Response, options: Parameters<typeof apiRequest>[1] = {}) {
  server.use(http.post('*/api/probe', () => response))
  return apiRequest('/api/probe', { method: 'POST', ...options }).then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error,
  )
}

beforeEach(() => {
  window.history.pushState(null, '', '/lead/abc')
  document.cookie = 'XSRF-TOKEN=abc; path=/'
  navigateTo.mockClear()
  // The navigation the app would inject (src/main.tsx), observed.
  setNavigationPort({
    currentRoute: () => window.location.pathname + window.location.search,
    navigateTo,
    reloadPage: vi.fn(),
  })
})

afterEach(() => clearNotifications())

describe('refusalMessage', () => {
  it('is the server’s French reason for a 4xx with an error body', () => {
    expect(refusalMessage(refusal(409))).toBe('Ce lead est déjà traité.')
    expect(refusalMessage(refusal(403))).toBe('Ce lead est déjà traité.')
  })

  it('is null for a 4xx without body, a 5xx, a network failure or another error', () => {
    expect(refusalMessage(new ApiError(413, null))).toBeNull()
    expect(refusalMessage(refusal(500))).toBeNull()
    expect(refusalMessage(new ApiError(0, null))).toBeNull()
    expect(refusalMessage(new TypeError('bug'))).toBeNull()
  })
})

describe('apiErrorMessage (shown in place, a form)', () => {
  it('shows the refusal, else the network message, else the fallback', () => {
    expect(apiErrorMessage(refusal(401, 'Identifiants invalides.'), FALLBACK)).toBe('Identifiants invalides.')
    expect(apiErrorMessage(new ApiError(0, null), FALLBACK)).toBe(
      'Le serveur est injoignable. Vérifiez votre connexion.',
    )
    expect(apiErrorMessage(refusal(503), FALLBACK)).toBe(FALLBACK)
    expect(apiErrorMessage(new ApiError(400, null), FALLBACK)).toBe(FALLBACK)
    expect(apiErrorMessage(new TypeError('bug'), FALLBACK)).toBe(FALLBACK)
  })
})

describe('fieldErrorMessage', () => {
  it('reads one field of a 400 answer, and nothing else', () => {
    const invalid = new ApiError(400, {
      error: { code: 'VALIDATION', message: 'Invalide', fields: { email: 'E-mail invalide.' } },
    })
    expect(fieldErrorMessage(invalid, 'email')).toBe('E-mail invalide.')
    expect(fieldErrorMessage(invalid, 'password')).toBeNull()
    expect(fieldErrorMessage(refusal(409), 'email')).toBeNull()
    expect(fieldErrorMessage(null, 'email')).toBeNull()
  })
})

describe('apiErrorNotice (notified)', () => {
  it('notifies a refusal with the server’s reason, else the fallback, else nothing', () => {
    expect(apiErrorNotice(refusal(409))).toBe('Ce lead est déjà traité.')
    expect(apiErrorNotice(refusal(409), FALLBACK)).toBe('Ce lead est déjà traité.')
    expect(apiErrorNotice(new ApiError(413, null), FALLBACK)).toBe(FALLBACK)
    expect(apiErrorNotice(new ApiError(413, null))).toBeNull()
  })

  it('adds nothing to what the API client already said: network failure, 5xx, not an API answer', () => {
    expect(apiErrorNotice(new ApiError(0, null), FALLBACK)).toBeNull()
    expect(apiErrorNotice(refusal(500), FALLBACK)).toBeNull()
    expect(apiErrorNotice(new TypeError('bug'), FALLBACK)).toBeNull()
  })

  it('adds nothing when the client followed a 403 redirect or sent a 401 to the sign-in page', async () => {
    const blocked = await errorOf(
      HttpResponse.json(
        { error: { code: 'UNTAGGED_CALL', message: 'Appel non qualifié.' }, redirect: '/home' },
        { status: 403 },
      ),
    )
    expect(navigateTo).toHaveBeenCalledWith('/home')
    expect(apiErrorNotice(blocked, FALLBACK)).toBeNull()

    const signedOut = await errorOf(
      HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Non connecté' } }, { status: 401 }),
    )
    expect(navigateTo).toHaveBeenLastCalledWith(`/login?returnTo=${encodeURIComponent('/lead/abc')}`)
    expect(apiErrorNotice(signedOut, FALLBACK)).toBeNull()
  })

  it('notifies the same answers when the client was asked to leave them to the caller', async () => {
    const blocked = await errorOf(
      HttpResponse.json(
        { error: { code: 'UNTAGGED_CALL', message: 'Appel non qualifié.' }, redirect: '/home' },
        { status: 403 },
      ),
      { followErrorRedirect: false },
    )
    const signedOut = await errorOf(
      HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Non connecté' } }, { status: 401 }),
      { redirectOn401: false },
    )
    expect(navigateTo).not.toHaveBeenCalled()
    expect(apiErrorNotice(blocked)).toBe('Appel non qualifié.')
    expect(apiErrorNotice(signedOut)).toBe('Non connecté')
  })
})

describe('mutationErrorNotice (a mutation’s meta)', () => {
  it('says nothing without `notifyError`', () => {
    expect(mutationErrorNotice(refusal(409), undefined)).toBeNull()
    expect(mutationErrorNotice(refusal(409), {})).toBeNull()
  })

  it('`true`: the server’s reason only; a string: also the message when the answer has none', () => {
    expect(mutationErrorNotice(refusal(409), { notifyError: true })).toBe('Ce lead est déjà traité.')
    expect(mutationErrorNotice(new ApiError(413, null), { notifyError: true })).toBeNull()
    expect(mutationErrorNotice(refusal(409), { notifyError: FALLBACK })).toBe('Ce lead est déjà traité.')
    expect(mutationErrorNotice(new ApiError(413, null), { notifyError: FALLBACK })).toBe(FALLBACK)
  })

  it('leaves the codes the component explains itself to it', () => {
    const meta = { notifyError: FALLBACK, errorCodesShownInline: ['UNTAGGED_CALL'] }
    const blocked = new ApiError(403, { error: { code: 'UNTAGGED_CALL', message: 'Appel non qualifié.' } })
    expect(mutationErrorNotice(blocked, meta)).toBeNull()
    expect(mutationErrorNotice(refusal(403), meta)).toBe('Ce lead est déjà traité.')
  })
})

describe('staleRefusal (an editor keeping its draft)', () => {
  const entity = z.object({ version: z.number(), name: z.string() })
  const stale = (current: unknown) =>
    new ApiError(409, { error: { code: 'STALE_VERSION', message: 'Modifié entre-temps.' }, current } as never)

  it('gives the server’s reason and the entity as it now is, when the answer carries a valid one', () => {
    expect(staleRefusal(stale({ version: 2, name: 'B' }), entity)).toEqual({
      message: 'Modifié entre-temps.',
      current: { version: 2, name: 'B' },
    })
    expect(staleRefusal(stale({ version: '2' }), entity)).toEqual({
      message: 'Modifié entre-temps.',
      current: null,
    })
  })

  it('is null for any other answer', () => {
    expect(staleRefusal(refusal(409), entity)).toBeNull()
    expect(
      staleRefusal(new ApiError(400, { error: { code: 'STALE_VERSION', message: 'x' } }), entity),
    ).toBeNull()
    expect(staleRefusal(new Error('x'), entity)).toBeNull()
  })
})
