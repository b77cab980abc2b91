import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MutationObserver, QueryClient, type MutationOptions } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { makeMe, makeUser, signedInAs } from '../../tests/mocks/session.ts'
import { authMutations, authQueries } from '../api/auth.ts'
import { passwordResetMutations } from '../api/password-reset.ts'
import { devMutations } from '../api/dev.ts'
import { userQueries } from '../api/users.ts'
import type { Me } from '../contracts/user.ts'
import { createQueryClient } from './query-client.ts'
import { setNavigator } from './navigation.ts'
import { SESSION_CHANNEL_NAME, startSessionSync, type SessionChannel } from './session-sync.ts'

const teleoperator = makeMe('TELEOPERATOR')
const manager = makeMe('MANAGER')

/** One open tab: its own query cache, already showing the teleoperator's data. */
function openTab() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(authQueries.me().queryKey, teleoperator)
  queryClient.setQueryData(userQueries.list().queryKey, [makeUser('TELEOPERATOR')])
  const stop = startSessionSync(queryClient)
  stops.push(stop)
  return queryClient
}

/** Runs a mutation the way useMutation does, in the tab of `queryClient`. */
function run<TData, TVariables>(
  queryClient: QueryClient,
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
) {
  return new MutationObserver(queryClient, options).mutate(variables)
}

/** A page of another origin-mate listening on the channel, as another tab would. */
function listen(): unknown[] {
  const channel = new BroadcastChannel(SESSION_CHANNEL_NAME)
  const received: unknown[] = []
  channel.addEventListener('message', (event) => received.push(event.data))
  stops.push(() => channel.close())
  return received
}

const navigate = vi.fn()
let stops: (() => void)[] = []

beforeEach(() => {
  // No priming GET /api/user/me before mutations: the XSRF pair is already there.
  document.cookie = 'XSRF-TOKEN=abc; path=/'
  navigate.mockClear()
  setNavigator(navigate)
  server.use(
    http.post('*/api/login', () => HttpResponse.json({ user: manager })),
    http.post('*/api/logout', () => HttpResponse.json({ ok: true })),
    http.post('*/api/dev/connect-as', () => HttpResponse.json({ user: manager })),
    http.post('*/api/dev/switch-role', () => HttpResponse.json({ user: manager })),
    http.post('*/api/forgotPassword', () => HttpResponse.json({ ok: true })),
  )
})

afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
  setNavigator(null)
  vi.unstubAllGlobals()
})

describe('session sync between tabs', () => {
  it('has a BroadcastChannel in the test environment (Node 24 provides it)', () => {
    expect(typeof globalThis.BroadcastChannel).toBe('function')
  })

  it.each([
    [
      'sign-in',
      (client: QueryClient) =>
        run(client, authMutations.login(client), { email: 'm@demo.fr', password: 'x' }),
    ],
    [
      'connect-as',
      (client: QueryClient) => run(client, devMutations.connectAs(client), { userEmail: 'm@demo.fr' }),
    ],
    [
      'switch-role',
      (client: QueryClient) => run(client, devMutations.switchRole(client), 'MANAGER' as const),
    ],
  ])(
    'after a %s in one tab, another tab drops the previous user’s data and goes to /home',
    async (_, act) => {
      server.use(signedInAs(manager))
      const tabA = openTab()
      const tabB = openTab()

      await act(tabA)

      await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/home', { replace: true }))
      expect(tabB.getQueryData<Me | null>(authQueries.me().queryKey)).toEqual(manager)
      expect(tabB.getQueryData(userQueries.list().queryKey)).toBeUndefined()
      expect(navigate).toHaveBeenCalledTimes(1)
    },
  )

  it('after a sign-out in one tab, another tab forgets the user and goes to /login', async () => {
    // GET /api/user/me answers 401 (tests/mocks/handlers.ts): nobody is signed in any more.
    const tabA = openTab()
    const tabB = openTab()

    await run(tabA, authMutations.logout(tabA), undefined)

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }))
    expect(tabB.getQueryData(authQueries.me().queryKey)).toBeNull()
    expect(tabB.getQueryData(userQueries.list().queryKey)).toBeUndefined()
  })

  it('announces only successful session changes', async () => {
    const received = listen()
    const tab = openTab()
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json(
          { error: { code: 'BAD_CREDENTIALS', message: 'Identifiants invalides' } },
          { status: 401 },
        ),
      ),
    )

    await expect(
      run(tab, authMutations.login(tab), { email: 'm@demo.fr', password: 'bad' }),
    ).rejects.toThrow()
    await run(tab, passwordResetMutations.forgotPassword(), 'm@demo.fr')
    await run(tab, authMutations.logout(tab), undefined)

    await vi.waitFor(() => expect(received).toEqual([{ type: 'session-changed' }]))
  })

  it('ignores messages that are not a session change', async () => {
    const tab = openTab()
    const other = new BroadcastChannel(SESSION_CHANNEL_NAME)
    stops.push(() => other.close())
    // Following a message starts with GET /api/user/me; messages arrive in order, so a followed
    // first or second message would have started its request before the third one's.
    let meRequests = 0
    const countMe = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/user/me') meRequests += 1
    }
    server.events.on('request:start', countMe)
    stops.push(() => server.events.removeListener('request:start', countMe))

    other.postMessage({ type: 'something-else' })
    other.postMessage('session-changed')
    other.postMessage({ type: 'session-changed' })

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }))
    // Idle: every followed message (one per GET /api/user/me) has navigated.
    await vi.waitFor(() => expect(navigate.mock.calls.length).toBe(meRequests))
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(tab.getQueryData(authQueries.me().queryKey)).toBeNull()
  })

  it('uses the channel it is given, and does nothing where BroadcastChannel is missing', async () => {
    const posted: unknown[] = []
    const channel: SessionChannel = {
      postMessage: (message) => posted.push(message),
      addEventListener: () => undefined,
      close: () => undefined,
    }
    const withChannel = new QueryClient()
    stops.push(startSessionSync(withChannel, () => channel))
    await run(withChannel, authMutations.logout(withChannel), undefined)
    expect(posted).toEqual([{ type: 'session-changed' }])

    vi.stubGlobal('BroadcastChannel', undefined)
    const withoutChannel = new QueryClient()
    const stop = startSessionSync(withoutChannel)
    await expect(run(withoutChannel, authMutations.logout(withoutChannel), undefined)).resolves.toEqual({
      ok: true,
    })
    expect(stop).not.toThrow()
  })
})
