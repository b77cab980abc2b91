// Issue #12 "Call processes": the list (search and archived filter in the URL), archiving only after
// a confirmation, duplicating under a new name that opens the copy, and leaving the editor with
// unsaved changes only after saying so.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { CallProcessPage, CallProcessSummary } from '../../../contracts/call-processes.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { currentUrl, renderApp } from '../../../../tests/setup/render-app.tsx'
import { callProcessServer, makeProcess } from './call-process-test-server.ts'

const SUMMARY: CallProcessSummary = {
  id: 5,
  name: 'Isolation',
  version: 3,
  archivedAt: null,
  stepCount: 3,
  missions: [{ id: 2, name: 'Isolation Rhône' }],
  leadCount: 1250,
}

function listServer(items: CallProcessSummary[]) {
  const queries: URLSearchParams[] = []
  callProcessServer()
  server.use(
    http.get('*/api/call-processes', ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const page: CallProcessPage = { items, total: items.length, page: 1, pageSize: 25 }
      return HttpResponse.json(params.get('search') === 'zzz' ? { ...page, items: [], total: 0 } : page)
    }),
  )
  return queries
}

describe('the call-process list', () => {
  it('lists the processes with their steps, missions and leads, the filters in the URL', async () => {
    const queries = listServer([SUMMARY])
    const { router } = renderApp('/backoffice/call-process?archived=1')
    const table = within(
      await screen.findByRole('table', { name: 'Liste des process d’appel' }, { timeout: 5000 }),
    )
    const row = within(table.getByRole('row', { name: /Isolation/ }))
    expect(row.getByRole('link', { name: 'Ouvrir le process d’appel Isolation' }).getAttribute('href')).toBe(
      '/backoffice/call-process/5',
    )
    expect(row.getByText('Isolation Rhône')).toBeTruthy()
    // fr-FR grouping (Testing Library reads its narrow no-break space as a space).
    expect(row.getByText('1 250')).toBeTruthy()
    expect(queries.at(-1)?.get('includeArchived')).toBe('true')

    await userEvent.type(screen.getByLabelText('Rechercher un process d’appel'), 'zzz')
    expect(
      await screen.findByText(
        'Aucun process d’appel ne correspond à cette recherche. Modifiez la recherche ou créez-le.',
      ),
    ).toBeTruthy()
    expect(currentUrl(router)).toBe('/backoffice/call-process?q=zzz&archived=1')
    expect(screen.getByRole('link', { name: 'Nouveau process d’appel' }).getAttribute('href')).toBe(
      '/backoffice/call-process/nouveau',
    )
  })

  it('archives only after a confirmation', async () => {
    listServer([SUMMARY])
    const archived: unknown[] = []
    server.use(
      http.post('*/api/call-process/:id/archive', async ({ request }) => {
        archived.push(await request.json())
        return HttpResponse.json(makeProcess({ archivedAt: '2026-11-25T10:00:00.000Z', version: 4 }))
      }),
    )
    renderApp('/backoffice/call-process')
    await userEvent.click(
      await screen.findByRole('button', { name: 'Archiver Isolation' }, { timeout: 5000 }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Archiver le process d’appel ?' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    expect(archived).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Archiver Isolation' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Archiver le process d’appel ?' })).getByRole(
        'button',
        {
          name: 'Archiver',
        },
      ),
    )
    expect(await screen.findByText('Process d’appel archivé.')).toBeTruthy()
    expect(archived).toEqual([{ version: 3 }])
  })

  it('duplicates under the name given and opens the copy', async () => {
    listServer([SUMMARY])
    const duplicates: unknown[] = []
    server.use(
      http.post('*/api/call-process/:id/duplicate', async ({ request }) => {
        duplicates.push(await request.json())
        return HttpResponse.json(makeProcess({ id: 8, name: 'Isolation bis', missions: [] }), { status: 201 })
      }),
      http.get('*/api/call-process/8', () =>
        HttpResponse.json(makeProcess({ id: 8, name: 'Isolation bis', missions: [] })),
      ),
    )
    const { router } = renderApp('/backoffice/call-process')
    await userEvent.click(
      await screen.findByRole('button', { name: 'Dupliquer Isolation' }, { timeout: 5000 }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Dupliquer le process d’appel' }))
    const name = dialog.getByLabelText('Nom de la copie') as HTMLInputElement
    expect(name.value).toBe('Isolation (copie)')
    await userEvent.clear(name)
    await userEvent.click(dialog.getByRole('button', { name: 'Dupliquer' }))
    expect(await dialog.findByText('Le nom du process d’appel est obligatoire.')).toBeTruthy()
    await userEvent.type(name, 'Isolation bis')
    await userEvent.click(dialog.getByRole('button', { name: 'Dupliquer' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Isolation bis' })).toBeTruthy()
    expect(currentUrl(router)).toBe('/backoffice/call-process/8')
    expect(duplicates).toEqual([{ name: 'Isolation bis' }])
  })

  it('asks before leaving the editor with unsaved changes', async () => {
    listServer([SUMMARY])
    const { router } = renderApp('/backoffice/call-process/5')
    const name = await screen.findByLabelText('Nom du process d’appel', {}, { timeout: 5000 })
    await userEvent.type(name, ' 2027')
    await userEvent.click(screen.getByRole('link', { name: 'Retour à la liste des process d’appel' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Rester sur la page' }))
    expect(currentUrl(router)).toBe('/backoffice/call-process/5')
    expect((screen.getByLabelText('Nom du process d’appel') as HTMLInputElement).value).toBe('Isolation 2027')
    await userEvent.click(screen.getByRole('link', { name: 'Retour à la liste des process d’appel' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' })).getByRole('button', {
        name: 'Quitter sans enregistrer',
      }),
    )
    await waitFor(() => expect(currentUrl(router)).toBe('/backoffice/call-process'))
  })
})
