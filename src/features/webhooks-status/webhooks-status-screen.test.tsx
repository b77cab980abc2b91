// Issue #15 "Telephony webhook status": the administrator sees the health at a glance (token, lag,
// refused and failed counts, hours, refused addresses), filters the deliveries (the URL keeps the
// filters), reads a payload, and replays a failed delivery after confirming.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookRegistrations,
  WebhookStatus,
} from '../../contracts/webhooks.ts'
import { WebhooksStatusScreen } from './webhooks-status-screen.tsx'

const status: WebhookStatus = {
  tokenConfigured: true,
  lastByEvent: [{ event: 'call.created', lastAt: '2026-11-26T09:00:00.000Z' }],
  perHour: Array.from({ length: 24 }, (_, index) => ({
    hour: new Date(Date.UTC(2026, 10, 25, 10 + index)).toISOString(),
    total: index === 23 ? 7 : 0,
    rejected: index === 23 ? 3 : 0,
    failed: index === 23 ? 1 : 0,
  })),
  lag: { p50Ms: 12, p95Ms: 1500, count: 4 },
  rejected: {
    count: 3,
    addresses: [{ address: '203.0.113.7', count: 2, lastAt: '2026-11-26T09:00:00.000Z' }],
  },
  failures: {
    count: 1,
    items: [
      {
        id: 9,
        event: 'call.created',
        error: 'Données d’appel illisibles',
        receivedAt: '2026-11-26T09:00:00.000Z',
      },
    ],
  },
}

const failed: WebhookDelivery = {
  id: 9,
  provider: 'aircall',
  event: 'call.created',
  providerCallId: '1005',
  outcome: 'error',
  error: 'Données d’appel illisibles',
  receivedAt: '2026-11-26T09:00:00.000Z',
  processedAt: '2026-11-26T09:00:00.010Z',
  payload: { event: 'call.created', token: '[redacted]', data: { id: 1005 } },
}

const registrations: WebhookRegistrations = {
  provider: 'aircall',
  expectedUrl: 'https://centre.example.fr/api/webhooks/aircall',
  webhooks: [
    {
      id: 'b2',
      url: 'https://centre.example.fr/api/webhooks/aircall',
      name: 'Centre',
      active: true,
      events: ['call.created', 'call.ended'],
      ours: true,
    },
  ],
  missingEvents: ['call.answered'],
  repair: 'complete',
}
const aircallSide = http.get('*/api/webhooks/aircall-registrations', () => HttpResponse.json(registrations))

function listOf(items: WebhookDelivery[]): WebhookDeliveryList {
  return { items, total: items.length, page: 1, pageSize: 50, types: ['call.created', 'call.ended'] }
}

describe('the webhook status screen', () => {
  it('shows the health at a glance, the hours and the refused addresses', async () => {
    server.use(
      http.get('*/api/webhooks/status', () => HttpResponse.json(status)),
      aircallSide,
      http.get('*/api/webhooks/deliveries', () => HttpResponse.json(listOf([failed]))),
    )
    renderFeature(<WebhooksStatusScreen />, '/backoffice/aircall-webhooks-status')
    const health = await screen.findByRole('region', { name: 'Santé' })
    expect(within(health).getByText('Configuré')).toBeTruthy()
    expect(within(health).getByText('médiane 12 ms, 95 % sous 1,5 s')).toBeTruthy()
    const hours = screen.getByRole('region', { name: 'Réceptions par heure (24 h)' })
    expect(within(hours).getAllByRole('row')).toHaveLength(25)
    const addresses = screen.getByRole('region', { name: 'Adresses des réceptions refusées' })
    expect(within(addresses).getByText('203.0.113.7')).toBeTruthy()
    const aircall = screen.getByRole('region', { name: 'Côté Aircall' })
    expect(await within(aircall).findByText('Événements d’appel non reçus : call.answered.')).toBeTruthy()
    expect(within(aircall).getByText(/Webhook du produit/)).toBeTruthy()
  })

  it('keeps the filters in the URL, shows the payload and replays a failed delivery after confirming', async () => {
    const asked: string[] = []
    let replayed = false
    server.use(
      http.get('*/api/webhooks/status', () => HttpResponse.json(status)),
      aircallSide,
      http.get('*/api/webhooks/deliveries', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json(
          listOf([replayed ? { ...failed, outcome: 'processed', error: null } : failed]),
        )
      }),
      http.post('*/api/webhooks/deliveries/9/replay', () => {
        replayed = true
        return HttpResponse.json({ delivery: { ...failed, outcome: 'processed', error: null } })
      }),
    )
    const user = userEvent.setup()
    const { router } = renderFeature(<WebhooksStatusScreen />, '/backoffice/aircall-webhooks-status')
    const deliveries = await screen.findByRole('region', { name: 'Réceptions' })
    await within(deliveries).findByText('Contenu reçu')
    expect(within(deliveries).getByText(/"token": "\[redacted\]"/)).toBeTruthy()

    await user.selectOptions(within(deliveries).getByLabelText('État'), 'error')
    await waitFor(() => expect(router.state.location.search).toBe('?state=error'))
    await waitFor(() => expect(asked).toContain('?state=error'))
    await user.selectOptions(within(deliveries).getByLabelText('Type'), 'call.created')
    await waitFor(() => expect(router.state.location.search).toBe('?state=error&type=call.created'))

    await user.click(within(deliveries).getByRole('button', { name: 'Rejouer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rejouer la réception' })
    await user.click(within(dialog).getByRole('button', { name: 'Rejouer' }))
    await waitFor(() => expect(replayed).toBe(true))
    expect(await screen.findByText('Réception rejouée : Traitée.')).toBeTruthy()
    await waitFor(() => expect(within(deliveries).queryByRole('button', { name: 'Rejouer' })).toBeNull())
  })

  it('creates the product’s missing webhook and shows the account as Aircall answers it', async () => {
    let created = false
    const missing: WebhookRegistrations = {
      ...registrations,
      webhooks: [],
      missingEvents: ['call.created'],
      repair: 'create',
    }
    server.use(
      http.get('*/api/webhooks/status', () => HttpResponse.json(status)),
      http.get('*/api/webhooks/aircall-registrations', () => HttpResponse.json(missing)),
      http.get('*/api/webhooks/deliveries', () => HttpResponse.json(listOf([]))),
      http.post('*/api/webhooks/aircall-registrations/create', () => {
        created = true
        return HttpResponse.json({ ...registrations, missingEvents: [], repair: null })
      }),
    )
    const user = userEvent.setup()
    renderFeature(<WebhooksStatusScreen />, '/backoffice/aircall-webhooks-status')
    const aircall = await screen.findByRole('region', { name: 'Côté Aircall' })
    await user.click(await within(aircall).findByRole('button', { name: 'Créer le webhook' }))
    await waitFor(() => expect(created).toBe(true))
    expect(
      await within(aircall).findByText('Tous les événements d’appel nécessaires sont reçus.'),
    ).toBeTruthy()
    expect(within(aircall).queryByRole('button', { name: 'Créer le webhook' })).toBeNull()
    expect(await screen.findByText('Webhook créé sur le compte Aircall.')).toBeTruthy()
  })
})
