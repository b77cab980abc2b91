import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { LEAD_UUID, leadSheetHandlers, makeLead, storyHistory } from '../../../tests/mocks/leads.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'

describe('lead history', () => {
  it('tells each entry: when, what and who, the outcome with its details, and its call', async () => {
    server.use(
      http.get('*/api/lead/:id/history', () => HttpResponse.json(storyHistory)),
      signedInAs(makeMe('TELEOPERATOR')),
      ...leadSheetHandlers(makeLead()),
    )
    renderApp(`/lead/${LEAD_UUID}`)

    // The outcome form names the same outcome: the history's entry is the one in the list.
    const title = await screen.findByText('Rappeler plus tard', { selector: '.lead-history__title' })
    const list = title.closest('ol')!
    const items = within(list).getAllByRole('listitem')
    // Newest first, as the server sends them.
    expect(items.map((item) => item.querySelector('time')?.getAttribute('datetime'))).toEqual(
      storyHistory.map((event) => event.createdAt),
    )

    const [appointment, missed, recall, assignment] = items.map((item) =>
      [...item.querySelectorAll('p')].map((line) => line.textContent),
    )
    expect(recall).toEqual([
      '1er décembre 2026 à 14:30 · Résultat d’appel · Camille Martin',
      'Rappeler plus tard',
      'Rappel le jeudi 3 décembre 2026 à 09:00',
      'Commentaire : « Préfère le matin »',
      'Appel sortant · répondu · 2 min 05 s',
    ])
    expect(missed).toEqual([
      '2 décembre 2026 à 10:05 · Résultat d’appel · Camille Martin',
      'RDV pris',
      'Appel entrant · manqué',
    ])
    expect(appointment).toEqual([
      '2 décembre 2026 à 10:10 · Rendez-vous · Camille Martin',
      'RDV fixé le mardi 8 décembre 2026 à 10:00',
    ])
    expect(assignment).toEqual(['1er décembre 2026 à 14:20 · Attribution · Système', 'Lead pris en charge'])
  })
})
