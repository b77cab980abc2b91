import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MutationObserver, onlineManager, type MutationObserverOptions } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { passwordResetMutations } from '../api/password-reset.ts'
import { callMutations } from '../api/calls.ts'
import { ApiError } from '../api/client.ts'
import { fr } from '../i18n/fr.ts'
import { clearNotifications, notificationsStore } from '../stores/notifications.ts'
import { createQueryClient, shouldRetry } from './query-client.ts'

function apiError(status: number) {
  return new ApiError(status, null)
}

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 409, 413, 429, 499])('never retries a %i answer', (status) => {
    expect(shouldRetry(0, apiError(status))).toBe(false)
  })

  it.each([0, 500, 502, 503])('retries a status %i twice, then gives up', (status) => {
    expect([0, 1, 2].map((failureCount) => shouldRetry(failureCount, apiError(status)))).toEqual([
      true,
      true,
      false,
    ])
  })

  it('retries an error that is not an API answer twice, then gives up', () => {
    expect(shouldRetry(1, new TypeError('bug'))).toBe(true)
    expect(shouldRetry(2, new TypeError('bug'))).toBe(false)
  })
})

describe('the mutations’ error policy (mutation cache)', () => {
  const queryClient = createQueryClient()

  function refuse(status: number, body?: object) {
    return () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }))
  }

  /** Runs the mutation to its failure, as a component's `mutate` would. */
  async function fail<TData, TVariables>(
    options: MutationObserverOptions<TData, Error, TVariables>,
    variables: TVariables,
  ): Promise<string[]> {
    await new MutationObserver(queryClient, options).mutate(variables).catch(() => undefined)
    return notificationsStore.items.map(({ kind, message }) => `${kind}: ${message}`)
  }

  beforeEach(() => {
    // No priming GET /api/user/me before mutations: the XSRF pair is already there.
    document.cookie = 'XSRF-TOKEN=abc; path=/'
  })
  afterEach(() => clearNotifications())

  it('notifies a refusal with the server’s French reason', async () => {
    server.use(
      http.post('*/api/call/force-end', refuse(409, { error: { code: 'NO_CALL', message: 'Aucun appel.' } })),
    )
    expect(await fail(callMutations.forceEnd(queryClient), 12)).toEqual(['error: Aucun appel.'])
  })

  it('names the failure with the mutation’s own message when the answer gives no reason', async () => {
    server.use(http.post('*/api/call/force-end', refuse(413)))
    expect(await fail(callMutations.forceEnd(queryClient), 12)).toEqual([
      'error: Impossible de terminer l’appel.',
    ])
  })

  it('adds nothing to the API client’s own notice of a 5xx or a network failure', async () => {
    server.use(http.post('*/api/call/force-end', refuse(500)))
    expect(await fail(callMutations.forceEnd(queryClient), 12)).toEqual([`error: ${fr.errors.server}`])
    clearNotifications()
    server.use(http.post('*/api/call/force-end', () => HttpResponse.error()))
    expect(await fail(callMutations.forceEnd(queryClient), 12)).toEqual([`error: ${fr.errors.network}`])
  })

  it('leaves a blocking cause to the inbound alert, which explains it', async () => {
    server.use(
      http.post(
        '*/api/call/inbound/answer',
        refuse(403, { error: { code: 'UNTAGGED_CALL', message: 'Appel non qualifié.' }, redirect: '/home' }),
      ),
    )
    const body = { bypassUntaggedLeadCheck: false, bypassProcessingLeadCheck: false }
    expect(await fail(callMutations.answerInbound(queryClient), body)).toEqual([])
  })

  it('says nothing for a mutation whose meta does not ask (a form shows its error in place)', async () => {
    server.use(
      http.post('*/api/forgotPassword', refuse(400, { error: { code: 'VALIDATION', message: 'Invalide' } })),
    )
    expect(await fail(passwordResetMutations.forgotPassword(), 'a@demo.fr')).toEqual([])
  })
})

describe('mutations are sent when called', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('sends "Appeler" at once even while TanStack’s online manager says offline (never paused)', async () => {
    // The connectivity store (which onlineManager follows) may flip to unreachable between the
    // render that enabled the button and the click: the request still goes now, or fails now.
    document.cookie = 'XSRF-TOKEN=abc; path=/'
    const queryClient = createQueryClient()
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/call/start-outbound', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ ok: true })
      }),
    )
    onlineManager.setOnline(false)
    const observer = new MutationObserver(queryClient, callMutations.startOutbound(queryClient))
    const sent = observer.mutate({ leadId: 7, phone: 'primary' })
    expect(observer.getCurrentResult().isPaused).toBe(false)
    await sent
    expect(bodies).toEqual([{ leadId: 7, phone: 'primary' }])
  })
})
