// Issue #13 "History": the imports' filters and page live in the URL (the server is asked for exactly
// that), and an undo is confirmed first, then lists the leads kept because someone worked them.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { importPage, makeImportDetail, makeImportSummary } from '../../../tests/mocks/imports.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'

const DONE = makeImportSummary({
  state: 'done',
  totalRows: 120,
  validRows: 115,
  errorRows: 5,
  importedCount: 115,
  rejectedCount: 5,
  startedAt: '2026-11-24T09:31:00.000Z',
  finishedAt: '2026-11-24T09:32:05.000Z',
  durationMs: 65_000,
  mappingName: 'Salon',
})

/** The history API; records the query string of every list request. */
function historyServer() {
  const queries: Record<string, string>[] = []
  const undos: number[] = []
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/imports', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      // The layout's indicator asks for the running import: none.
      if (params['pageSize'] === '1') return HttpResponse.json(importPage([]))
      queries.push(params)
      return HttpResponse.json(importPage([DONE], 30))
    }),
    http.get('*/api/missions', () =>
      HttpResponse.json({ items: [{ id: 5, name: 'Mission Soleil' }], total: 1, page: 1, pageSize: 100 }),
    ),
    http.post('*/api/imports/:id/undo', ({ params }) => {
      undos.push(Number(params['id']))
      return HttpResponse.json(
        makeImportDetail({
          ...DONE,
          state: 'undone',
          undoneAt: '2026-11-25T10:00:00.000Z',
          undoDeletedCount: 113,
          undoKeptCount: 2,
          keptLeads: [
            { id: 41, uuid: '8f9a2c1e-0000-4000-8000-000000000041', name: 'Léa Dupont' },
            { id: 42, uuid: '8f9a2c1e-0000-4000-8000-000000000042', name: 'Marc Éluard' },
          ],
        }),
      )
    }),
  )
  return { queries, undos, last: () => queries.at(-1) }
}

describe('the integration history', () => {
  it('reads the filters and page from the URL, and puts a change back in it', async () => {
    const api = historyServer()
    const { router } = renderApp('/integration/history?q=novembre&state=done&mission=5&page=2')
    const table = within(await screen.findByRole('table', { name: 'Imports de leads' }))
    expect(api.last()).toEqual({
      search: 'novembre',
      state: 'done',
      missionId: '5',
      page: '2',
      pageSize: '25',
    })
    const row = table.getByRole('row', { name: /leads-novembre\.csv/ })
    expect(row.textContent).toContain('2,3 Mo')
    expect(row.textContent).toContain('1 min 05 s')
    expect(row.textContent).toContain('Terminé')
    expect(screen.getByText('Page 2 sur 2')).toBeTruthy()

    const filters = within(screen.getByRole('group', { name: 'Filtres des imports' }))
    expect((filters.getByLabelText('Rechercher (nom du fichier)') as HTMLInputElement).value).toBe('novembre')
    await userEvent.selectOptions(filters.getByLabelText('État'), 'failed')
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/integration/history?q=novembre&state=failed&mission=5'),
    )
    await waitFor(() => expect(api.last()).toMatchObject({ state: 'failed', page: '1' }))
    await userEvent.clear(filters.getByLabelText('Rechercher (nom du fichier)'))
    await userEvent.type(filters.getByLabelText('Rechercher (nom du fichier)'), 'salon')
    await waitFor(() => expect(api.last()).toMatchObject({ search: 'salon', state: 'failed' }))
    expect(currentUrl(router)).toBe('/integration/history?q=salon&state=failed&mission=5')
  })

  it('undoes an import only once confirmed, then lists the leads kept', async () => {
    const api = historyServer()
    renderApp('/integration/history')
    await userEvent.click(await screen.findByRole('button', { name: 'Défaire l’import leads-novembre.csv' }))
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Défaire l’import leads-novembre.csv ?' }),
    )
    expect(dialog.getByText(/Ceux déjà travaillés sont gardés/)).toBeTruthy()
    await userEvent.click(dialog.getByRole('button', { name: 'Garder l’import' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.undos).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Défaire l’import leads-novembre.csv' }))
    const again = within(await screen.findByRole('dialog', { name: 'Défaire l’import leads-novembre.csv ?' }))
    await userEvent.click(again.getByRole('button', { name: 'Défaire l’import' }))
    const result = within(await screen.findByRole('dialog', { name: 'Import défait' }))
    expect(result.getByText('113 leads supprimés, 2 gardés.')).toBeTruthy()
    expect(result.getByRole('link', { name: 'Ouvrir la fiche de Marc Éluard' }).getAttribute('href')).toBe(
      '/lead/8f9a2c1e-0000-4000-8000-000000000042',
    )
    expect(api.undos).toEqual([7])
  })
})
