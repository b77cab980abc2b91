import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { NO_CALL, currentCallIs, makeCurrentCall } from '../../../tests/mocks/calls.ts'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { Softphone } from './softphone.tsx'

describe('dev tools softphone', () => {
  it('raises an inbound call for the user, then answers and hangs it up through the simulator', async () => {
    let current = NO_CALL
    const requests: { url: string; body: unknown }[] = []
    server.use(
      currentCallIs(() => current),
      http.post('*/api/dev/telephony/inbound', async ({ request }) => {
        requests.push({ url: new URL(request.url).pathname, body: await request.json() })
        current = makeCurrentCall({
          callId: 9,
          direction: 'inbound',
          status: 'ringing',
          phoneNumber: '0145678901',
        })
        return HttpResponse.json({ ok: true, callId: 9 })
      }),
      http.post('*/api/dev/telephony/:callId/:action', ({ request, params }) => {
        requests.push({ url: new URL(request.url).pathname, body: null })
        current = params.action === 'answer' ? { ...current, status: 'answered' } : NO_CALL
        return HttpResponse.json({ ok: true, callId: 9 })
      }),
    )
    renderFeature(<Softphone userId={3} />)

    expect(await screen.findByText('Aucun appel en cours.')).toBeTruthy()
    const field = screen.getByLabelText('Numéro de l’appelant')
    await userEvent.clear(field)
    await userEvent.type(field, '0145678901')
    await userEvent.click(screen.getByRole('button', { name: 'Simuler un appel entrant' }))

    expect(await screen.findByText('Appel en cours : 0145678901')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Décrocher' }))
    await waitFor(() => expect(requests).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Raccrocher' }))

    expect(await screen.findByText('Aucun appel en cours.')).toBeTruthy()
    expect(requests).toEqual([
      { url: '/api/dev/telephony/inbound', body: { userId: 3, fromNumber: '0145678901' } },
      { url: '/api/dev/telephony/9/answer', body: null },
      { url: '/api/dev/telephony/9/hangup', body: null },
    ])
  })
})
