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

describe('dev tools softphone, random lead', () => {
  it('fills the caller number with a random lead’s phone, or says there is none', async () => {
    let items = [
      {
        id: 7,
        uuid: '6f1c2a34-8b9d-4e21-9f3a-0c5d7e8f9a1b',
        firstName: 'Jeanne',
        lastName: 'Durand',
        phone: '+33698765432',
        status: 'NEW',
        missionId: 1,
      },
    ]
    const asked: string[] = []
    server.use(
      currentCallIs(() => NO_CALL),
      http.get('*/api/lead/random/:x', ({ params }) => {
        asked.push(String(params.x))
        return HttpResponse.json({ items })
      }),
    )
    renderFeature(<Softphone userId={3} />)

    await userEvent.click(await screen.findByRole('button', { name: 'Lead au hasard' }))
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Numéro de l’appelant').value).toBe('+33698765432'),
    )
    expect(asked).toEqual(['1'])

    items = []
    await userEvent.click(screen.getByRole('button', { name: 'Lead au hasard' }))
    expect(await screen.findByText('Aucun lead disponible pour vous.')).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>('Numéro de l’appelant').value).toBe('+33698765432')
  })
})
