// The lead's comment field (docs/domain.md "Leads", Comment): what the user types is theirs until
// saved, whatever the sheet's data does meanwhile (a refetch, a colleague's change, a cache restored
// after a reload). Keyed on the comment, the field used to be rebuilt with the server's text, and the
// user's typing was lost (and the server's text saved in its place).
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { LEAD_UUID, leadSheetHandlers, makeLead } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'
import type { Lead } from '../../contracts/lead.ts'

function sheetWhoseLeadChanges(first: Lead) {
  let current = first
  const saved: unknown[] = []
  server.use(
    signedInAs(makeMe('TELEOPERATOR')),
    // Before the sheet's own handlers: the first that matches answers.
    http.get('*/api/lead/:id', () => HttpResponse.json(current)),
    ...leadSheetHandlers(first),
    http.put('*/api/lead/:id/comment', async ({ request }) => {
      const body = (await request.json()) as { comment: string }
      saved.push(body)
      current = { ...current, comment: body.comment }
      return HttpResponse.json({ ok: true })
    }),
  )
  return { saved, change: (next: Partial<Lead>) => (current = { ...current, ...next }) }
}

describe('the lead comment field', () => {
  it('keeps what the user typed when the lead changes underneath, and saves that', async () => {
    const lead = sheetWhoseLeadChanges(makeLead({ comment: null }))
    const { queryClient } = renderApp(`/lead/${LEAD_UUID}`)
    const field = await screen.findByRole('textbox', { name: 'Commentaire du lead' })
    await userEvent.type(field, 'Rappeler après 18 h')

    // The sheet is fetched again with another comment (and another name, to see it landed).
    lead.change({ comment: 'Écrit par un collègue', firstName: 'Jeannette' })
    await queryClient.invalidateQueries()
    expect(await screen.findByRole('heading', { level: 1, name: /Jeannette/ })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Commentaire du lead' })).toHaveProperty(
      'value',
      'Rappeler après 18 h',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le commentaire' }))
    await waitFor(() => expect(lead.saved).toEqual([{ comment: 'Rappeler après 18 h' }]))
    expect(screen.getByRole('textbox', { name: 'Commentaire du lead' })).toHaveProperty(
      'value',
      'Rappeler après 18 h',
    )
  })

  it('follows the lead while the user has not typed', async () => {
    const lead = sheetWhoseLeadChanges(makeLead({ comment: 'Préfère le matin' }))
    const { queryClient } = renderApp(`/lead/${LEAD_UUID}`)
    const field = await screen.findByRole('textbox', { name: 'Commentaire du lead' })
    expect(field).toHaveProperty('value', 'Préfère le matin')

    lead.change({ comment: 'Préfère le soir' })
    await queryClient.invalidateQueries()
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Commentaire du lead' })).toHaveProperty(
        'value',
        'Préfère le soir',
      ),
    )
  })
})
