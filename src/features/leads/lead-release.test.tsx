// Issue #11 "Release a lead": the holder hands the lead back with a reason from the sheet.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

describe('releasing a lead', () => {
  it('asks a reason, sends it, and goes home with a confirmation', async () => {
    const lead = makeLead()
    const sent: unknown[] = []
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(lead),
      http.post('*/api/lead/:id/release', async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json() })
        return HttpResponse.json({ ok: true })
      }),
    )
    const { router } = renderApp(`/lead/${LEAD_UUID}`)

    await userEvent.click(await screen.findByRole('button', { name: 'Rendre le lead' }))
    const dialog = screen.getByRole('dialog', { name: 'Rendre le lead' })
    const reason = within(dialog).getByLabelText('Motif')
    expect(document.activeElement).toBe(reason)

    // Required: nothing is sent without a reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rendre le lead' }))
    expect(within(dialog).getByText('Indiquez pourquoi vous rendez ce lead.')).toBeTruthy()
    expect(sent).toEqual([])

    await userEvent.type(reason, '  Numéro erroné  ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rendre le lead' }))

    await waitFor(() => expect(currentUrl(router)).toBe('/home'))
    expect(sent).toEqual([{ id: String(lead.id), body: { reason: 'Numéro erroné' } }])
    expect(await screen.findByText('Lead rendu : il retourne dans la file.')).toBeTruthy()
  })

  it('stays on the sheet and says why when the server refuses', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead()),
      http.post('*/api/lead/:id/release', () =>
        HttpResponse.json(
          {
            error: {
              code: 'CONFLICT',
              message:
                'Un appel en cours ou non taggé concerne ce lead : enregistrez son résultat avant de le rendre.',
            },
          },
          { status: 409 },
        ),
      ),
    )
    const { router } = renderApp(`/lead/${LEAD_UUID}`)

    await userEvent.click(await screen.findByRole('button', { name: 'Rendre le lead' }))
    const dialog = screen.getByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Doublon')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rendre le lead' }))

    expect(await screen.findByText(/enregistrez son résultat avant de le rendre/)).toBeTruthy()
    expect(currentUrl(router)).toBe(`/lead/${LEAD_UUID}`)
  })

  it('is offered only to the holder', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead({ processingUser: { id: 99, firstName: 'Julie', lastName: 'Moreau' } })),
    )
    renderApp(`/lead/${LEAD_UUID}`)
    expect(await screen.findByText(/Julie Moreau/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Rendre le lead' })).toBeNull()
  })

  it('shows the release and its reason in the history', async () => {
    server.use(
      http.get('*/api/lead/:id/history', () =>
        HttpResponse.json([
          {
            id: 9,
            kind: 'assignment',
            data: { action: 'released', reason: 'handed-back', comment: 'Numéro erroné' },
            createdAt: '2026-12-01T13:40:00.000Z',
            user: { id: 3, firstName: 'Camille', lastName: 'Martin' },
            call: null,
          },
        ]),
      ),
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead({ processingUser: null })),
    )
    renderApp(`/lead/${LEAD_UUID}`)
    const item = (await screen.findByText('Lead rendu')).closest('li')!
    expect([...item.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      '1er décembre 2026 à 14:40 · Attribution · Camille Martin',
      'Lead rendu',
      'Motif : « Numéro erroné »',
    ])
  })
})
