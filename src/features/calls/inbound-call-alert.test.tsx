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
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { CallBar } from './call-bar.tsx'
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

  it('while the user holds another lead, says so up front and one click answers', async () => {
    const bodies = inboundCall([answered])
    server.use(signedInAs(makeMe('TELEOPERATOR', { processingLeadId: 5 })))
    const { router } = renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    expect(
      await within(dialog).findByText('Vous avez un lead en cours de traitement : il reste le vôtre.'),
    ).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre' }))

    await waitFor(() => expect(currentUrl(router)).toBe('/lead/lead-uuid-12'))
    expect(bodies).toEqual([{ bypassUntaggedLeadCheck: false, bypassProcessingLeadCheck: true }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('holding the caller’s own lead needs no word and no bypass', async () => {
    const bodies = inboundCall([answered])
    server.use(signedInAs(makeMe('TELEOPERATOR', { processingLeadId: 12 })))
    renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await within(dialog).findByText('Lead reconnu : Jean Dupont')
    expect(within(dialog).queryByText(/il reste le vôtre/)).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies).toEqual([{ bypassUntaggedLeadCheck: false, bypassProcessingLeadCheck: false }])
  })

  it('after Répondre, the focus goes to the call bar’s Terminer', async () => {
    inboundCall([answered])
    renderFeature(
      <>
        <CallBar />
        <InboundCallAlert />
      </>,
    )

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const bar = screen.getByRole('region', { name: 'Appel en cours' })
    await waitFor(() =>
      expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Terminer l’appel' })),
    )
  })

  it('Refuser declines the call: the server ends it for the user and the alert closes', async () => {
    const bodies = inboundCall([])
    const declined: unknown[] = []
    let ended = false
    server.use(
      http.post('*/api/call/inbound/decline', async ({ request }) => {
        declined.push(await request.json())
        ended = true
        return HttpResponse.json({ ok: true, callId: 9 })
      }),
      http.get('*/api/call/ongoing', () => HttpResponse.json(ended ? NO_CALL : ringing)),
    )
    const { router } = renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(declined).toEqual([{ callId: 9 }])
    expect(bodies).toEqual([])
    expect(currentUrl(router)).toBe('/home')
  })

  it('a refused decline is said and the alert stays', async () => {
    inboundCall([])
    server.use(
      http.post('*/api/call/inbound/decline', () =>
        HttpResponse.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Cet appel est déjà décroché : terminez-le depuis la barre d’appel.',
            },
          },
          { status: 409 },
        ),
      ),
    )
    renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }))
    expect(
      await screen.findByText('Cet appel est déjà décroché : terminez-le depuis la barre d’appel.'),
    ).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Appel entrant' })).toBeTruthy()
  })

  it('closing the alert keeps it closed for that call', async () => {
    inboundCall([])
    renderFeature(<InboundCallAlert />)

    const dialog = await screen.findByRole('dialog', { name: 'Appel entrant' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
