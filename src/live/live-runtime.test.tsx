// The live channel inside the app: the signed-in layout opens it, shows its status, follows the
// user's channels, applies events to what the page shows, and closes it at sign-out.
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { liveServer } from '../../tests/mocks/live.ts'
import { server } from '../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../tests/setup/render-app.tsx'
import { authQueries, replaceSession } from '../api/auth.ts'
import { SESSION_ENDED_CLOSE_CODE } from '../contracts/live.ts'
import { liveStore } from './live-store.ts'

const teleoperator = makeMe('TELEOPERATOR', {
  id: 3,
  experiencePoints: 120,
  preferences: { tour: false, badges: false, tentacalls: true },
})

function subscribed(): string[] {
  return liveServer.received.flatMap((message) => {
    const { type, channel } = message as { type: string; channel?: string }
    return type === 'subscribe' && channel ? [channel] : []
  })
}

describe('live channel in the signed-in layout', () => {
  it('connects, subscribes to the user’s channels and shows points the server publishes', async () => {
    server.use(signedInAs(teleoperator))
    renderApp('/home')

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Connecté'))
    expect(screen.getByText('120 XP')).toBeTruthy()
    await waitFor(() =>
      expect(subscribed()).toEqual([
        'user:3:lead:update',
        'user:3:ongoing-call:update',
        'user:3:experience',
        'user:3:reference-data',
        'tentacall:3',
      ]),
    )

    liveServer.publish('user:3:experience', { experiencePoints: 135, gained: 15 })
    expect(await screen.findByText('135 XP')).toBeTruthy()
  })

  it('closes the socket at sign-out', async () => {
    server.use(
      signedInAs(teleoperator),
      http.post('*/api/logout', () => HttpResponse.json({ ok: true })),
    )
    document.cookie = 'XSRF-TOKEN=abc; path=/'
    const { router } = renderApp('/home')
    await waitFor(() => expect(screen.getByText('Connecté')).toBeTruthy())

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }))
    await waitFor(() => expect(currentUrl(router)).toBe('/login'))
    await waitFor(() => expect(liveServer.openSockets()).toBe(0))
    expect(liveStore.status).toBe('idle')
  })

  it('another user’s session (sign-in in another tab) gets a new socket with that user’s channels', async () => {
    server.use(signedInAs(teleoperator))
    const { queryClient } = renderApp('/home')
    await waitFor(() => expect(liveServer.openSockets()).toBe(1))
    await waitFor(() => expect(subscribed()).toContain('user:3:experience'))

    // What session-sync.ts does when another tab signs in as someone else.
    const manager = makeMe('MANAGER', { id: 2 })
    server.use(signedInAs(manager))
    act(() => replaceSession(queryClient, manager))
    await waitFor(() => expect(liveServer.attempts).toHaveLength(2))
    await waitFor(() => expect(subscribed()).toContain('user:2:experience'))
    expect(liveServer.openSockets()).toBe(1)
    expect(queryClient.getQueryData(authQueries.me().queryKey)?.id).toBe(2)
  })

  it('a session the server ended (4001) sends the page to /login instead of reconnecting', async () => {
    let signedIn = true
    server.use(
      http.get('*/api/user/me', () =>
        signedIn
          ? HttpResponse.json(teleoperator)
          : HttpResponse.json(
              { error: { code: 'UNAUTHENTICATED', message: 'Veuillez vous connecter.' } },
              { status: 401 },
            ),
      ),
    )
    const { router } = renderApp('/home')
    await waitFor(() => expect(screen.getByText('Connecté')).toBeTruthy())

    signedIn = false
    liveServer.drop(SESSION_ENDED_CLOSE_CODE)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(liveServer.attempts).toHaveLength(1)
  })
})
