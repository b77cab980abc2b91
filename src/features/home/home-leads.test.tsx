import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import {
  currentCall,
  LEAD_UUID,
  leadSheetHandlers,
  makeLead,
  makeSearchResult,
  ongoingCallIs,
} from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

function signedInTeleoperator() {
  server.use(signedInAs(makeMe('TELEOPERATOR')), ongoingCallIs(currentCall()))
}

describe('home: leads', () => {
  it('focuses `Traiter un lead` so that Enter finds a lead and opens its sheet', async () => {
    signedInTeleoperator()
    server.use(
      ...leadSheetHandlers(makeLead()),
      http.post('*/api/lead/find-lead-to-process', () =>
        HttpResponse.json({ redirect: `/lead/${LEAD_UUID}` }),
      ),
    )
    const { router } = renderApp('/home')

    const button = await screen.findByRole('button', { name: 'Traiter un lead' })
    await waitFor(() => expect(document.activeElement).toBe(button))
    await userEvent.keyboard('{Enter}')

    await waitFor(() => expect(currentUrl(router)).toBe(`/lead/${LEAD_UUID}`))
    expect(await screen.findByText('Étape 1 / 2 – Découverte')).toBeTruthy()
  })

  it('shows the message when there is no lead to process', async () => {
    signedInTeleoperator()
    server.use(
      http.post('*/api/lead/find-lead-to-process', () =>
        HttpResponse.json({ message: 'Aucun lead à traiter pour le moment.' }),
      ),
    )
    const { router } = renderApp('/home')

    await userEvent.click(await screen.findByRole('button', { name: 'Traiter un lead' }))

    expect(await screen.findByText('Aucun lead à traiter pour le moment.')).toBeTruthy()
    expect(currentUrl(router)).toBe('/home')
  })

  it('searches once the typing pauses, lists the results and picks one', async () => {
    signedInTeleoperator()
    const searched: string[] = []
    let picked: string | null = null
    server.use(
      ...leadSheetHandlers(makeLead()),
      http.get('*/api/lead/search/:search/:page', ({ params }) => {
        searched.push(String(params.search))
        return HttpResponse.json(makeSearchResult())
      }),
      http.post('*/api/lead/search/pick/:leadId', ({ params }) => {
        picked = String(params.leadId)
        return HttpResponse.json({ redirect: `/lead/${LEAD_UUID}` })
      }),
    )
    const { router } = renderApp('/home')

    await userEvent.type(await screen.findByLabelText('Rechercher un lead'), 'Dur')
    const pick = await screen.findByRole('button', { name: 'Prendre Jeanne Durand' }, { timeout: 2000 })

    expect(searched).toEqual(['Dur'])
    expect(screen.getByText('06 12 34 56 78')).toBeTruthy()
    expect(screen.getByText('Isolation')).toBeTruthy()
    expect(screen.getByText('Nouveau')).toBeTruthy()

    await userEvent.click(pick)
    await waitFor(() => expect(currentUrl(router)).toBe(`/lead/${LEAD_UUID}`))
    expect(picked).toBe('42')
  })

  it('disables the search during a call and says why', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ongoingCallIs(
        currentCall({
          callId: 9,
          status: 'answered',
          direction: 'outbound',
          phoneNumber: '+33612345678',
          startedAt: '2026-11-22T09:00:00.000Z',
        }),
      ),
    )
    renderApp('/home')

    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Rechercher un lead').disabled).toBe(true),
    )
    expect(
      screen.getByText('La recherche est impossible pendant un appel : terminez-le d’abord.'),
    ).toBeTruthy()
  })

  it('links to the lead the user holds', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR', { processingLeadId: 42 })),
      ongoingCallIs(currentCall()),
      ...leadSheetHandlers(makeLead()),
    )
    renderApp('/home')

    const link = await screen.findByRole('link', { name: /Ouvrir la fiche du lead en cours/ })
    expect(link.getAttribute('href')).toBe(`/lead/${LEAD_UUID}`)
  })
})
