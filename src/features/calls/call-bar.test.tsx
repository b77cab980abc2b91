import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { NO_CALL, currentCallIs, makeCurrentCall } from '../../../tests/mocks/calls.ts'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { callQueries } from '../../api/calls.ts'
import { cancelFocusRequest } from '../../components/ui/focus-request.ts'
import { CallBar } from './call-bar.tsx'
import { isChainPaused } from '../../stores/lead-chain.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'

const BAR = 'Appel en cours'

afterEach(() => {
  vi.useRealTimers()
  cancelFocusRequest()
})

describe('call bar', () => {
  it('is hidden when the server reports no call (status done)', async () => {
    server.use(currentCallIs(() => NO_CALL))
    const { queryClient } = renderFeature(<CallBar />)

    await waitFor(() =>
      expect(queryClient.getQueryState(callQueries.ongoing().queryKey)?.status).toBe('success'),
    )
    expect(screen.queryByRole('region', { name: BAR })).toBeNull()
  })

  it('without a call, keeps only the « Pause » of the lead chaining, kept for the agent (issue #29)', async () => {
    localStorage.clear()
    const me = makeMe('TELEOPERATOR')
    server.use(
      signedInAs(me),
      currentCallIs(() => NO_CALL),
    )
    renderFeature(<CallBar />)

    const idle = await screen.findByRole('region', { name: 'Enchaînement des leads' })
    const pause = within(idle).getByRole('button', { name: 'Pause' })
    expect(pause.getAttribute('aria-pressed')).toBe('false')
    expect(idle.textContent).toContain('Lead suivant dès l’issue enregistrée')
    await userEvent.click(pause)
    expect(pause.getAttribute('aria-pressed')).toBe('true')
    expect(idle.textContent).toContain('En pause : retour à l’Accueil après une issue')
    expect(isChainPaused(me.id)).toBe(true)
    await userEvent.click(pause)
    expect(isChainPaused(me.id)).toBe(false)
  })

  it('shows direction, number, status, lead link and a duration ticking each second', async () => {
    // Only the clock is faked: msw and Testing Library keep their real timeouts.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2026-03-02T10:01:05.000Z'))
    server.use(
      // Issue #11: the duration is talk time, from the answer (here at once).
      currentCallIs(() =>
        makeCurrentCall({
          leadId: 12,
          startedAt: '2026-03-02T10:00:00.000Z',
          answeredAt: '2026-03-02T10:00:00.000Z',
        }),
      ),
      http.get('*/api/lead/12', () =>
        HttpResponse.json({ id: 12, uuid: 'lead-uuid-12', firstName: 'Jean', lastName: 'Dupont' }),
      ),
    )
    renderFeature(<CallBar />)

    const bar = await screen.findByRole('region', { name: BAR })
    expect(within(bar).getByText('Sortant')).toBeTruthy()
    expect(within(bar).getByText('06 12 34 56 78')).toBeTruthy()
    expect(within(bar).getByText('En communication')).toBeTruthy()
    expect(within(bar).getByText('01:05')).toBeTruthy()
    const link = await within(bar).findByRole('link', { name: 'Lead : Jean Dupont' })
    expect(link.getAttribute('href')).toBe('/lead/lead-uuid-12')

    act(() => vi.advanceTimersByTime(1000))
    expect(within(bar).getByText('01:06')).toBeTruthy()
    act(() => vi.advanceTimersByTime(60_000))
    expect(within(bar).getByText('02:06')).toBeTruthy()
  })

  it('shows an inbound call without a known lead', async () => {
    server.use(currentCallIs(() => makeCurrentCall({ direction: 'inbound', status: 'ringing' })))
    renderFeature(<CallBar />)

    const bar = await screen.findByRole('region', { name: BAR })
    expect(within(bar).getByText('Entrant')).toBeTruthy()
    expect(within(bar).getByText('Sonnerie')).toBeTruthy()
    expect(within(bar).getByText('Lead inconnu')).toBeTruthy()
  })

  it('counts the duration from the answer, not from the ringing; none while it rings', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2026-03-02T10:01:05.000Z'))
    let current = makeCurrentCall({
      direction: 'inbound',
      status: 'ringing',
      startedAt: '2026-03-02T10:00:00.000Z',
      answeredAt: null,
      duration: 65,
    })
    server.use(currentCallIs(() => current))
    const { queryClient } = renderFeature(<CallBar />)

    const bar = await screen.findByRole('region', { name: BAR })
    expect(within(bar).getByText('Sonnerie')).toBeTruthy()
    expect(within(bar).queryByText('Durée')).toBeNull()

    current = { ...current, status: 'answered', answeredAt: '2026-03-02T10:00:50.000Z' }
    await act(() => queryClient.invalidateQueries({ queryKey: callQueries.all() }))
    await within(bar).findByText('En communication')
    expect(within(bar).getByText('00:15')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1000))
    expect(within(bar).getByText('00:16')).toBeTruthy()
  })

  it('when the call ends elsewhere while the focus is in the bar, the focus goes to the page’s heading', async () => {
    let current = makeCurrentCall({ callId: 43 })
    server.use(currentCallIs(() => current))
    const { queryClient } = renderFeature(
      <main>
        <h1>Accueil</h1>
        <CallBar />
      </main>,
    )

    const bar = await screen.findByRole('region', { name: BAR })
    within(bar).getByRole('button', { name: 'Terminer l’appel' }).focus()
    current = NO_CALL
    await act(() => queryClient.invalidateQueries({ queryKey: callQueries.all() }))

    await waitFor(() => expect(screen.queryByRole('region', { name: BAR })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Accueil' })))
  })

  it('Terminer l’appel posts force-end with the call id, then hides once the call is over', async () => {
    let current = makeCurrentCall({ callId: 41 })
    const bodies: unknown[] = []
    server.use(
      currentCallIs(() => current),
      http.post('*/api/call/force-end', async ({ request }) => {
        bodies.push(await request.json())
        current = NO_CALL
        return HttpResponse.json({ ok: true, callId: 41 })
      }),
    )
    renderFeature(<CallBar />)

    const bar = await screen.findByRole('region', { name: BAR })
    await userEvent.click(within(bar).getByRole('button', { name: 'Terminer l’appel' }))

    await waitFor(() => expect(screen.queryByRole('region', { name: BAR })).toBeNull())
    expect(bodies).toEqual([{ callId: 41 }])
  })
})
