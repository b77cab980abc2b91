// Offline, as the teleoperator sees it on a lead sheet (issue #5): the banner, the actions that need
// the server disabled with their reason, the comment queued and sent once with its Idempotency-Key
// when the connection returns; a refused replay is shown with the server's French reason.
import { afterEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../tests/mocks/leads.ts'
import { server } from '../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../tests/mocks/session.ts'
import { renderApp } from '../../tests/setup/render-app.tsx'
import { MutationObserver } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import { ApiError } from '../api/client.ts'
import { userMutations } from '../api/users.ts'
import { createQueryClient } from '../app/query-client.ts'
import type { Me } from '../contracts/user.ts'
import { notificationsStore } from '../stores/notifications.ts'
import { reportServerReachable, setBrowserOnline } from '../stores/connectivity.ts'
import { classifyFailure, startOutbox } from './deferred-changes.ts'
import type { OutboxEntry } from './outbox.ts'

let stopOutbox: (() => void) | null = null
afterEach(() => {
  stopOutbox?.()
  stopOutbox = null
})

type Put = { key: string | null; body: unknown }

function commentEndpoint(puts: Put[], answer: () => Response = () => HttpResponse.json(makeLead())) {
  return http.put('*/api/lead/:id/comment', async ({ request }) => {
    puts.push({ key: request.headers.get('idempotency-key'), body: await request.json() })
    return answer()
  })
}

async function openSheetOffline(puts: Put[], answer?: () => Response) {
  server.use(
    signedInAs(makeMe('TELEOPERATOR')),
    ...leadSheetHandlers(makeLead()),
    commentEndpoint(puts, answer),
  )
  const view = renderApp(`/lead/${LEAD_UUID}`)
  await screen.findByText('Étape 1 / 2 – Découverte')
  stopOutbox = startOutbox(view.queryClient)
  act(() => setBrowserOnline(false))
  return view
}

async function writeComment(text: string) {
  const field = screen.getByRole('textbox', { name: 'Commentaire du lead' })
  await userEvent.clear(field)
  await userEvent.type(field, text)
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le commentaire' }))
}

describe('offline on a lead sheet', () => {
  it('shows the banner and disables the actions that need the server, with the reason', async () => {
    await openSheetOffline([])
    expect(await screen.findByText('Hors ligne')).toBeTruthy()
    const call = screen.getByRole('button', { name: 'Appeler' }) as HTMLButtonElement
    expect(call.disabled).toBe(true)
    expect(call.title).toBe('Indisponible hors ligne')
    expect(call.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(call.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Indisponible hors ligne',
    )
    expect(
      (screen.getByRole('button', { name: 'Enregistrer le résultat' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    // Deferrable: still available.
    expect(
      (screen.getByRole('button', { name: 'Enregistrer le commentaire' }) as HTMLButtonElement).disabled,
    ).toBe(false)

    act(() => setBrowserOnline(true))
    await waitFor(() => expect(screen.queryByText('Hors ligne')).toBeNull())
    expect((screen.getByRole('button', { name: 'Appeler' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('queues a comment written offline and sends it once, with its key, when the connection returns', async () => {
    const puts: Put[] = []
    const view = await openSheetOffline(puts)
    await writeComment('Rappeler après 18 h')

    expect(
      await screen.findByText('Hors ligne : la modification sera envoyée au retour de la connexion.'),
    ).toBeTruthy()
    expect(await screen.findByText('1 modification en attente d’envoi')).toBeTruthy()
    expect(puts).toEqual([])
    // The cached sheet (restored after a reload offline) shows the comment to come.
    expect(view.queryClient.getQueryData<{ comment: string }>(['leads', 'detail', LEAD_UUID])?.comment).toBe(
      'Rappeler après 18 h',
    )

    act(() => {
      setBrowserOnline(true)
      reportServerReachable()
    })
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]!.body).toEqual({ comment: 'Rappeler après 18 h' })
    expect(puts[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(await screen.findByText('La modification faite hors ligne a été enregistrée.')).toBeTruthy()
    // Further reconnections send nothing again: the next one sends only the change queued since.
    // Stored changes are replayed oldest first, so the sent one, had it stayed, would come next.
    act(() => setBrowserOnline(false))
    await writeComment('Rappeler demain')
    expect(await screen.findByText('1 modification en attente d’envoi')).toBeTruthy()
    act(() => setBrowserOnline(true))
    await waitFor(() => expect(puts).toHaveLength(2))
    expect(puts[1]!.body).toEqual({ comment: 'Rappeler demain' })
    expect(puts[1]!.key).not.toBe(puts[0]!.key)
  })

  it('shows a refused replay with the server’s reason, and keeps it on screen', async () => {
    const puts: Put[] = []
    await openSheetOffline(puts, () =>
      HttpResponse.json(
        {
          error: {
            code: 'FORBIDDEN',
            message: 'Seul l’utilisateur qui traite ce lead peut modifier son commentaire.',
          },
        },
        { status: 403 },
      ),
    )
    await writeComment('Trop tard')
    act(() => setBrowserOnline(true))

    const message =
      'Le commentaire du lead n° 42 n’a pas pu être enregistré : ' +
      'Seul l’utilisateur qui traite ce lead peut modifier son commentaire.'
    expect(await screen.findByText(message)).toBeTruthy()
    expect(notificationsStore.items.find((n) => n.message === message)?.timeoutMs).toBe(0)
    expect(puts).toHaveLength(1)
  })
})

describe('a preference changed offline', () => {
  it('shows at once, is queued, and is sent once with its key when the connection returns', async () => {
    const posts: Put[] = []
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      http.post('*/api/user/preference/:key', async ({ request, params }) => {
        posts.push({
          key: request.headers.get('idempotency-key'),
          body: { [String(params.key)]: await request.json() },
        })
        return HttpResponse.json(
          makeMe('TELEOPERATOR', { preferences: { tour: false, badges: false, tentacalls: true } }),
        )
      }),
    )
    const queryClient = createQueryClient()
    queryClient.setQueryData(authQueries.me().queryKey, makeMe('TELEOPERATOR'))
    stopOutbox = startOutbox(queryClient)
    setBrowserOnline(false)

    const outcome = await new MutationObserver(queryClient, userMutations.setPreference(queryClient)).mutate({
      key: 'badges',
      value: false,
    })
    expect(outcome).toEqual({ status: 'queued' })
    expect(queryClient.getQueryData<Me>(authQueries.me().queryKey)?.preferences.badges).toBe(false)
    expect(posts).toEqual([])

    setBrowserOnline(true)
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]!.body).toEqual({ badges: { preferenceValue: false } })
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('classifyFailure', () => {
  const entry = { attempts: 0 } as OutboxEntry
  const error = (status: number, code = 'X') => new ApiError(status, { error: { code, message: 'm' } })

  it('waits for the network, a new session or the other tab; retries server errors a few times', () => {
    expect(classifyFailure(new ApiError(0, null), entry)).toBe('wait')
    expect(classifyFailure(error(401), entry)).toBe('wait')
    expect(classifyFailure(error(409, 'IDEMPOTENCY_IN_PROGRESS'), entry)).toBe('wait')
    expect(classifyFailure(error(503), entry)).toBe('retry')
    expect(classifyFailure(error(503), { ...entry, attempts: 4 })).toBe('fail')
  })

  it('gives up on any other refusal, which the user is then shown', () => {
    expect(classifyFailure(error(403), entry)).toBe('fail')
    expect(classifyFailure(error(409), entry)).toBe('fail')
    expect(classifyFailure(error(422, 'IDEMPOTENCY_KEY_REUSED'), entry)).toBe('fail')
    expect(classifyFailure(new TypeError('bug'), entry)).toBe('fail')
  })
})
