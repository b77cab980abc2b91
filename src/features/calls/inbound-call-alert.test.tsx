import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { useQuery } from '@tanstack/react-query'
import { callQueries } from '../../api/calls.ts'
import { NO_CALL, currentCallIs, makeCurrentCall } from '../../../tests/mocks/calls.ts'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import { currentUrl } from '../../../tests/setup/render-app.tsx'
import { InboundCallAlert } from './inbound-call-alert.tsx'
import { resetInboundCallStore } from './inbound-call-store.ts'

afterEach(() => resetInboundCallStore())

const ringing = makeCurrentCall({
  callId: 9,
  direction: 'inbound',
  status: 'ringing',
  phoneNumber: '+33145678901',
  detectedLeadId: 12,
  answeredAt: null,
})

/** The ringing call until answered, its matched lead, and every answer body received. */
function inboundCall(answers: ((body: unknown) => Response)[]) {
  let current = ringing
  const bodies: unknown[] = []
  server.use(
    currentCallIs(() => current),
    http.get('*/api/lead/12', () =>
      HttpResponse.json({ id: 12, uuid: 'lead-uuid-12', firstName: 'Jean', lastName: 'Dupont' }),
    ),
    http.post('*/api/call/inbound/answer', async ({ request }) => {
      const body = await request.json()
      bodies.push(body)
      const response = answers[bodies.length - 1]!(body)
      if (response.ok) current = { ...ringing, status: 'answered', leadId: 12 }
      return response
    }),
  )
  return bodies
}

/** Appears in the same render in which the alert first sees the fetched current call. */
function CurrentCallFetched() {
  const { isSuccess } = useQuery(callQueries.ongoing())
  return isSuccess ? <span data-testid="current-call-fetched" /> : null
}

const answered = () => HttpResponse.json({ ok: true, callId: 9, redirect: '/lead/lead-uuid-12' })

function blocked(code: string, message: string) {
  return () =>
    HttpResponse.json(
      { error: { code, message }, redirect: `/lead/other?redirect=%2Fhome&cause=${code}` },
      { status: 403 },
    )
}

describe('inbound call alert', () => {
  it('stays closed without a ringing inbound call', async () => {
    server.use(currentCallIs(() => NO_CALL))
    renderFeature(
      <>
        <InboundCallAlert />
        <CurrentCallFetched />
      </>,
    )
    // The alert has rendered the fetched current call: it had its chance to open.
    await screen.findByTestId('current-call-fetched')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the caller and the matched lead; Répondre answers and opens the lead’s sheet', async () => {
    const bodies = inboundCall([answered])
    const { router } = renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    expect(within(dialog).getByText('Appelant : 01 45 67 89 01')).toBeTruthy()
    expect(await within(dialog).findByText('Lead reconnu : Jean Dupont')).toBeTruthy()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre' }))

    await waitFor(() => expect(currentUrl(router)).toBe('/lead/lead-uuid-12'))
    expect(bodies).toEqual([{ bypassUntaggedLeadCheck: false, bypassProcessingLeadCheck: false }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a blocked answer shows the reason and answers anyway with the matching bypass flags', async () => {
    const bodies = inboundCall([
      blocked('UNTAGGED_CALL', 'Un appel précédent n’a pas été taggé.'),
      blocked('UNFINISHED_PROCESSING_LEAD', 'Vous avez un lead en cours de traitement.'),
      answered,
    ])
    const { router } = renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre' }))

    // The alert explains instead of following the blocking redirect.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Un appel précédent n’a pas été taggé.',
    )
    expect(currentUrl(router)).toBe('/home')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre quand même' }))

    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Vous avez un lead en cours de traitement.'),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre quand même' }))

    await waitFor(() => expect(currentUrl(router)).toBe('/lead/lead-uuid-12'))
    expect(bodies).toEqual([
      { bypassUntaggedLeadCheck: false, bypassProcessingLeadCheck: false },
      { bypassUntaggedLeadCheck: true, bypassProcessingLeadCheck: false },
      { bypassUntaggedLeadCheck: true, bypassProcessingLeadCheck: true },
    ])
  })

  it('closing the alert keeps it closed for that call', async () => {
    inboundCall([])
    renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
