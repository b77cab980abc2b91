// Issue #15 "SMS": from the lead sheet, pick a template, read the text as it will go with its count of
// characters and segments, send it; a refusal the server states (STOP, quiet hours) is said first.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { LeadSmsOptions } from '../../contracts/sms.ts'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'

const TEXT = 'Bonjour Jeanne, nous avons essayé de vous joindre au sujet de Isolation.'

function options(overrides: Partial<LeadSmsOptions> = {}): LeadSmsOptions {
  return {
    phone: '+33612345678',
    secondaryPhone: false,
    refusal: null,
    templates: [
      {
        key: 'appointment-confirmation',
        text: null,
        problem: 'Ce lead n’a pas de RDV : ce modèle parle d’un RDV.',
      },
      { key: 'missed-call', text: TEXT, problem: null },
    ],
    ...overrides,
  }
}

describe('texting a lead from its sheet', () => {
  it('shows the text and its count, then sends it', async () => {
    const sent: unknown[] = []
    server.use(
      signedInAs(makeMe('MANAGER')),
      ...leadSheetHandlers(makeLead()),
      http.get('*/api/lead/:id/sms', () => HttpResponse.json(options())),
      http.post('*/api/lead/:id/sms', async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json() })
        return HttpResponse.json({})
      }),
    )
    renderApp(`/lead/${LEAD_UUID}`)
    const panel = await screen.findByRole('region', { name: 'Envoyer un SMS' })
    const select = await within(panel).findByLabelText('Modèle')
    expect(
      (within(panel).getByRole('button', { name: 'Envoyer le SMS' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await userEvent.selectOptions(select, 'Confirmation de RDV')
    expect(within(panel).getByText('Ce lead n’a pas de RDV : ce modèle parle d’un RDV.')).toBeTruthy()
    await userEvent.selectOptions(select, 'Nous avons essayé de vous joindre')
    expect(within(panel).getByText(TEXT)).toBeTruthy()
    expect(within(panel).getByText(`${TEXT.length} caractères · 1 SMS · GSM-7`)).toBeTruthy()
    await userEvent.click(within(panel).getByRole('button', { name: 'Envoyer le SMS' }))
    await waitFor(() => expect(sent).toEqual([{ id: '42', body: { template: 'missed-call' } }]))
    expect(await screen.findByText('SMS envoyé au lead.')).toBeTruthy()
  })

  it('says when the SMS goes to the second number, a mobile, the first being a landline (issue #31)', async () => {
    server.use(
      signedInAs(makeMe('MANAGER')),
      ...leadSheetHandlers(makeLead()),
      http.get('*/api/lead/:id/sms', () =>
        HttpResponse.json(options({ phone: '+33698765432', secondaryPhone: true })),
      ),
    )
    renderApp(`/lead/${LEAD_UUID}`)
    const panel = await screen.findByRole('region', { name: 'Envoyer un SMS' })
    expect(
      await within(panel).findByText('Au +33698765432 (deuxième numéro : le premier n’est pas un mobile)'),
    ).toBeTruthy()
  })

  it('says why no SMS can go, and offers no send', async () => {
    const refusal =
      'Ce numéro a demandé à ne plus recevoir de SMS (STOP reçu le 02/03/2026) : aucun SMS ne lui est envoyé.'
    server.use(
      signedInAs(makeMe('MANAGER')),
      ...leadSheetHandlers(makeLead()),
      http.get('*/api/lead/:id/sms', () => HttpResponse.json(options({ refusal }))),
    )
    renderApp(`/lead/${LEAD_UUID}`)
    const panel = await screen.findByRole('region', { name: 'Envoyer un SMS' })
    expect(await within(panel).findByText(refusal)).toBeTruthy()
    expect((within(panel).getByLabelText('Modèle') as HTMLSelectElement).disabled).toBe(true)
  })
})
