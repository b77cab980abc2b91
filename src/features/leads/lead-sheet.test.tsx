import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

beforeEach(() => sessionStorage.clear())

describe('lead sheet', () => {
  it('shows the contact, step n / max with its script and the tags of the current step', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()))
    renderApp(`/lead/${LEAD_UUID}`)

    expect(await screen.findByText('Étape 1 / 2 – Découverte')).toBeTruthy()
    expect(screen.getByText('Bonjour, je vous appelle au sujet de votre demande.')).toBeTruthy()
    expect(screen.getByText('06 12 34 56 78')).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Intéressé' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Pas intéressé' })).toBeTruthy()
    expect(screen.queryByRole('radio', { name: 'RDV pris' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Appeler' })).toBeTruthy()
    expect(await screen.findByText(/Attribution/)).toBeTruthy()
  })

  it('submits the outcome and follows the redirect', async () => {
    let body: unknown = null
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead()),
      http.post('*/api/calls/tag', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ redirect: '/home', leadTagId: 1 })
      }),
    )
    const { router } = renderApp(`/lead/${LEAD_UUID}`)

    await userEvent.click(await screen.findByRole('radio', { name: 'Pas intéressé' }))
    await userEvent.type(screen.getByLabelText('Détails'), 'Déjà équipé')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }))

    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
    expect(body).toEqual({
      leadId: 42,
      callId: null,
      callProcessTagId: 102,
      details: { text: 'Déjà équipé' },
      comment: null,
    })
  })

  it('keeps the outcome draft across a reload', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(makeLead()))
    const first = renderApp(`/lead/${LEAD_UUID}`)
    await userEvent.click(await screen.findByRole('radio', { name: 'Intéressé' }))
    first.unmount()

    renderApp(`/lead/${LEAD_UUID}`)

    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Intéressé' })).checked).toBe(true)
  })

  it('is read-only when someone else processes the lead', async () => {
    const lead = makeLead({ processingUser: { id: 99, firstName: 'Paul', lastName: 'Bernard' } })
    server.use(signedInAs(makeMe('TELEOPERATOR')), ...leadSheetHandlers(lead))
    renderApp(`/lead/${LEAD_UUID}`)

    expect(
      await screen.findByText('Paul Bernard traite ce lead : la fiche est en lecture seule.'),
    ).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Intéressé' }).matches(':disabled')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Appeler' })).toBeNull()
  })
})
