// Issue #13 "Extractions": the live count follows the filters, the column picker's "Tout"/"Rien",
// a small CSV downloads at once, a large one is followed in the history until its link appears.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Extraction, ExtractionOptions } from '../../contracts/extractions.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'

const OPTIONS: ExtractionOptions = {
  missions: [{ id: 1, name: 'Énergie Sud' }],
  markets: [{ id: 3, name: 'Marché Provence', missionId: 1 }],
  users: [{ id: 7, name: 'Julie Morel' }],
  tags: [{ id: 9, name: 'Rappeler' }],
  streamMaxRows: 20_000,
}

function historyItem(overrides: Partial<Extraction>): Extraction {
  return {
    id: 41,
    createdAt: '2026-11-25T09:30:00.000Z',
    user: { id: 2, firstName: 'Marc', lastName: 'Lemoine' },
    filters: { missionIds: [1], expiry: 'all' },
    columns: ['id'],
    format: 'csv',
    state: 'queued',
    rowCount: 30_000,
    rowsDone: 0,
    downloadable: false,
    expiresAt: null,
    finishedAt: null,
    error: null,
    ...overrides,
  }
}

type Sent = { counts: unknown[]; extractions: unknown[] }

function extractionServer(history: () => Extraction[]): Sent {
  const sent: Sent = { counts: [], extractions: [] }
  server.use(
    signedInAs(makeMe('MANAGER')),
    http.get('*/api/extractions/options', () => HttpResponse.json(OPTIONS)),
    http.post('*/api/extractions/count', async ({ request }) => {
      const body = (await request.json()) as { filters: { statuses?: string[] } }
      sent.counts.push(body.filters)
      return HttpResponse.json({ count: body.filters.statuses?.length ? 12 : 1_234 })
    }),
    http.get('*/api/extractions', () =>
      HttpResponse.json({ items: history(), total: history().length, page: 1, pageSize: 20 }),
    ),
  )
  return sent
}

const { createObjectURL, revokeObjectURL } = URL
const anchorClick = HTMLAnchorElement.prototype.click
let downloads: string[] = []

beforeEach(() => {
  // jsdom has no object URLs nor downloads: record what the browser would save.
  downloads = []
  URL.createObjectURL = () => 'blob:extraction'
  URL.revokeObjectURL = () => undefined
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push(this.download)
  }
})
afterEach(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
  HTMLAnchorElement.prototype.click = anchorClick
})

describe('the extraction screen', () => {
  it('counts the matching leads as the filters change, and downloads a small CSV at once', async () => {
    const sent = extractionServer(() => [])
    server.use(
      http.post('*/api/extractions', async ({ request }) => {
        sent.extractions.push(await request.json())
        return new HttpResponse('\uFEFFNom\r\nDurand\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="extraction-2026-11-25-5.csv"',
            'x-extraction-id': '5',
          },
        })
      }),
    )
    const user = userEvent.setup()
    renderApp('/extractions')
    expect(await screen.findByText('1 234 leads correspondent.')).toBeTruthy()
    await user.click(await screen.findByRole('checkbox', { name: 'À rappeler' }))
    expect(await screen.findByText('12 leads correspondent.')).toBeTruthy()
    expect(sent.counts.at(-1)).toMatchObject({ statuses: ['RECALL'] })
    expect(screen.getByRole('checkbox', { name: 'Énergie Sud' })).toBeTruthy()

    const columns = within(screen.getByRole('group', { name: 'Colonnes' }))
    await user.click(screen.getByRole('button', { name: 'Rien' }))
    expect(columns.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true)
    expect((screen.getByRole('button', { name: 'Extraire' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(columns.getByRole('checkbox', { name: 'Téléphone' }))
    await user.click(columns.getByRole('checkbox', { name: 'Nom' }))
    await user.click(screen.getByRole('button', { name: 'Extraire' }))
    expect(await screen.findByText('Fichier téléchargé.')).toBeTruthy()
    // Columns go in the file's order, whatever order they were ticked in.
    expect(sent.extractions).toEqual([
      expect.objectContaining({
        columns: ['lastName', 'phone'],
        format: 'csv',
        filters: expect.objectContaining({ statuses: ['RECALL'] }),
      }),
    ])
    expect(downloads).toEqual(['extraction-2026-11-25-5.csv'])

    await user.click(screen.getByRole('button', { name: 'Tout' }))
    expect(columns.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true)
  })

  it('follows a background extraction in the history until its file can be downloaded', async () => {
    let history: Extraction[] = []
    extractionServer(() => history)
    server.use(
      http.post('*/api/extractions', () => {
        history = [historyItem({ state: 'running', rowsDone: 8_000 })]
        return HttpResponse.json({ id: 41, state: 'queued', rowCount: 30_000 }, { status: 202 })
      }),
    )
    const user = userEvent.setup()
    renderApp('/extractions')
    expect(await screen.findByText('Aucune extraction pour le moment.')).toBeTruthy()
    await user.click(await screen.findByRole('radio', { name: 'XLSX (Excel)' }))
    await user.click(screen.getByRole('button', { name: 'Extraire' }))
    expect(await screen.findByText('Extraction en cours…')).toBeTruthy()
    const table = within(await screen.findByRole('table', { name: 'Historique des extractions' }))
    expect(await table.findByText('Extraction en cours… 8 000 / 30 000 lignes')).toBeTruthy()
    expect(table.getByText('1 filtre')).toBeTruthy()

    history = [historyItem({ state: 'done', rowsDone: 30_000, downloadable: true })]
    const link = await table.findByRole(
      'link',
      { name: 'Télécharger l’extraction n° 41' },
      { timeout: 3_000 },
    )
    expect(link.getAttribute('href')).toBe('/api/extractions/41/file')
    expect(table.getByText('Terminée')).toBeTruthy()
  })

  it('shows the server’s reason when an extraction is refused', async () => {
    extractionServer(() => [])
    server.use(
      http.post('*/api/extractions', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Au-delà de 100 000 lignes, choisissez le format CSV.',
            },
          },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup()
    renderApp('/extractions')
    await user.click(await screen.findByRole('button', { name: 'Extraire' }))
    expect(await screen.findByText('Au-delà de 100 000 lignes, choisissez le format CSV.')).toBeTruthy()
  })

  it('pages through a long history, the page held in the URL', async () => {
    const asked: string[] = []
    extractionServer(() => [])
    server.use(
      http.get('*/api/extractions', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        asked.push(String(page))
        return HttpResponse.json({
          items: [historyItem({ id: 100 + page, state: 'streamed', rowCount: page })],
          total: 45,
          page,
          pageSize: 20,
        })
      }),
    )
    const user = userEvent.setup()
    const { router } = renderApp('/extractions')
    const pages = await screen.findByRole('navigation', { name: 'Pages de l’historique des extractions' })
    expect(within(pages).getByText('Page 1 sur 3')).toBeTruthy()
    expect(within(pages).getByText('45 extractions')).toBeTruthy()
    await user.click(within(pages).getByRole('button', { name: 'Page suivante' }))
    expect(await within(pages).findByText('Page 2 sur 3')).toBeTruthy()
    expect(router.state.location.search).toBe('?page=2')
    await waitFor(() => expect(asked).toEqual(['1', '2']))
  })
})
