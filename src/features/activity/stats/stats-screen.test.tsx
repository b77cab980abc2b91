// Issue #14 "Teleoperator statistics": the period, filters and sort come from the URL and go back to it;
// the table sorts by any figure; the CSV export is the table as shown (order included), as French Excel
// opens it, with formula-like names neutralised. Chart.js draws on a canvas jsdom has not: the charts
// are stood in for by their text alternative.
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ActivityFigures, ActivityStats, AgentStats } from '../../../contracts/activity.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../../tests/setup/render-app.tsx'

vi.mock('react-chartjs-2', () => {
  const Chart = (props: { 'aria-label'?: string }) => <div role="img" aria-label={props['aria-label']} />
  return { Bar: Chart, Line: Chart }
})

function figures(overrides: Partial<ActivityFigures>): ActivityFigures {
  return {
    callsMade: 0,
    callsReceived: 0,
    answered: 0,
    talkSeconds: 0,
    tags: 0,
    appointments: 0,
    leadsProcessed: 0,
    xp: 0,
    tagsByOutcome: {},
    ...overrides,
  }
}

function row(
  userId: number,
  firstName: string,
  lastName: string,
  current: Partial<ActivityFigures>,
): AgentStats {
  return { userId, firstName, lastName, current: figures(current), previous: figures({ callsMade: 10 }) }
}

const ROWS = [
  row(11, 'Julie', 'Morel', {
    callsMade: 30,
    answered: 20,
    appointments: 1,
    leadsProcessed: 10,
    talkSeconds: 3600,
  }),
  row(12, 'Hugo', 'Bernard', {
    callsMade: 12,
    answered: 6,
    appointments: 4,
    leadsProcessed: 8,
    tagsByOutcome: { '7': 3 },
  }),
  row(13, '=cmd', 'Piège', { callsMade: 5, callsReceived: 1, answered: 3, leadsProcessed: 2 }),
]

function stats(period: ActivityStats['period']): ActivityStats {
  const sum = (key: 'callsMade' | 'answered') => ROWS.reduce((total, r) => total + r.current[key], 0)
  return {
    period,
    previous: { from: '2026-11-16', to: '2026-11-18' },
    day: '2026-11-25',
    teamId: null,
    userId: null,
    teams: [{ id: 3, name: 'Équipe Lyon' }],
    agents: ROWS.map((r) => ({ id: r.userId, name: `${r.firstName} ${r.lastName}` })),
    tags: [{ id: 7, label: 'Rappeler', color: '#1565c0' }],
    rows: ROWS,
    totals: {
      current: figures({ callsMade: sum('callsMade'), answered: sum('answered'), tagsByOutcome: { '7': 3 } }),
      previous: figures({ callsMade: 30 }),
    },
    perDay: ['2026-11-23', '2026-11-24', '2026-11-25'].map((day) => ({
      day,
      callsMade: 10,
      callsReceived: 0,
      answered: 5,
      appointments: 1,
    })),
    perHour: null,
  }
}

function statsServer() {
  const queries: Record<string, string>[] = []
  server.use(
    signedInAs(makeMe('MANAGER')),
    http.get('*/api/activity/stats', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      queries.push(query)
      const period =
        query.period === 'yesterday'
          ? { from: '2026-11-24', to: '2026-11-24' }
          : { from: '2026-11-23', to: '2026-11-25' }
      return HttpResponse.json(stats({ preset: (query.period ?? 'today') as 'today', ...period }))
    }),
  )
  return queries
}

const bodyNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter((name) => name !== 'Total')

describe('the teleoperator statistics', () => {
  it('reads period, filters and sort from the URL; sorting and the period go back to it', async () => {
    const queries = statsServer()
    const { router } = renderApp('/activity/stats-teleops?period=this-week&team=3&sort=callsMade&order=desc')
    const table = await screen.findByRole('table', { name: 'Statistiques par agent' })
    expect(queries[0]).toEqual({ period: 'this-week', teamId: '3' })
    expect(bodyNames(table)).toEqual(['Julie Morel', 'Hugo Bernard', '=cmd Piège'])
    expect(screen.getByText('Du 23 novembre 2026 au 25 novembre 2026')).toBeTruthy()

    // Sort by appointments: the most first, in the URL.
    await userEvent.click(within(table).getByRole('button', { name: 'RDV' }))
    await waitFor(() => expect(currentUrl(router)).toContain('sort=appointments&order=desc'))
    // The navigation is a transition: the URL changes before the table's render is committed.
    await waitFor(() => expect(bodyNames(table)).toEqual(['Hugo Bernard', 'Julie Morel', '=cmd Piège']))
    // Again: the fewest first.
    await userEvent.click(within(table).getByRole('button', { name: 'RDV' }))
    await waitFor(() => expect(currentUrl(router)).toMatch(/sort=appointments$/))
    await waitFor(() => expect(bodyNames(table)).toEqual(['=cmd Piège', 'Julie Morel', 'Hugo Bernard']))

    await userEvent.selectOptions(screen.getByLabelText('Période'), 'Hier')
    await waitFor(() => expect(currentUrl(router)).toContain('period=yesterday'))
    await waitFor(() => expect(queries.at(-1)).toEqual({ period: 'yesterday', teamId: '3' }))
    expect(await screen.findByText('Le 24 novembre 2026')).toBeTruthy()
    // The charts say their figures in words.
    expect(await screen.findByRole('img', { name: /Appels par jour : .*10/ })).toBeTruthy()
  })

  it('shows five figures by default; « Colonnes affichées » adds or removes one, kept in the URL', async () => {
    statsServer()
    const { router } = renderApp('/activity/stats-teleops')
    const table = await screen.findByRole('table', { name: 'Statistiques par agent' })
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent!.replace(/[▲▼]/g, '').trim())
    expect(headers()).toHaveLength(6)
    expect(headers()).toContain('RDV')
    expect(headers()).not.toContain('XP')

    await userEvent.click(screen.getByText(/^Colonnes affichées \(/))
    await userEvent.click(screen.getByRole('checkbox', { name: 'XP' }))
    await waitFor(() =>
      expect(currentUrl(router)).toContain(
        `cols=${encodeURIComponent('callsMade,answeredRate,talkSeconds,appointments,conversion,xp')}`,
      ),
    )
    await waitFor(() => expect(headers()).toContain('XP'))
    expect(headers()).toHaveLength(7)

    await userEvent.click(screen.getByRole('checkbox', { name: 'XP' }))
    await waitFor(() => expect(currentUrl(router)).not.toContain('cols='))
    await waitFor(() => expect(headers()).not.toContain('XP'))
  })

  it('the URL names the columns; the last one ticked cannot be unticked', async () => {
    statsServer()
    renderApp('/activity/stats-teleops?cols=xp')
    const table = await screen.findByRole('table', { name: 'Statistiques par agent' })
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2)
    await userEvent.click(screen.getByText(/^Colonnes affichées \(/))
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'XP' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'RDV' }).checked).toBe(false)
  })

  it('a custom period is sent once both days are given', async () => {
    const queries = statsServer()
    const { router } = renderApp('/activity/stats-teleops')
    await screen.findByRole('table', { name: 'Statistiques par agent' })
    await userEvent.selectOptions(screen.getByLabelText('Période'), 'Personnalisée')
    const from = await screen.findByLabelText('Du')
    await userEvent.clear(from)
    await userEvent.type(from, '2026-11-02')
    await userEvent.click(screen.getByRole('button', { name: 'Afficher' }))
    await waitFor(() => expect(currentUrl(router)).toContain('period=custom&from=2026-11-02&to=2026-11-25'))
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ period: 'custom', from: '2026-11-02', to: '2026-11-25' }),
    )
  })

  it('a period the server refuses shows its reason', async () => {
    server.use(
      signedInAs(makeMe('MANAGER')),
      http.get('*/api/activity/stats', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Certaines données sont invalides.',
              fields: { to: 'Le dernier jour doit suivre le premier (ou être le même).' },
            },
          },
          { status: 400 },
        ),
      ),
    )
    renderApp('/activity/stats-teleops?period=custom&from=2026-11-10&to=2026-11-01')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Le dernier jour doit suivre le premier (ou être le même).',
    )
  })

  it('exports the table as shown: BOM, semicolons, decimal commas, the sort, names neutralised', async () => {
    statsServer()
    const saved: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob)
      return 'blob:stats'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    renderApp('/activity/stats-teleops?sort=appointments')
    await screen.findByRole('table', { name: 'Statistiques par agent' })
    await userEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }))
    expect(clicked).toHaveBeenCalledOnce()
    const link = clicked.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('statistiques-teleoperateurs_2026-11-23_2026-11-25.csv')
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(lines[0]!.split(';').slice(0, 5)).toEqual([
      'Agent',
      'Appels émis',
      'Appels reçus',
      'Taux de décroché (%)',
      'Temps de conversation',
    ])
    expect(lines[0]).toContain(';Rappeler;')
    // The table's order (fewest appointments first); each line the current figures, then the previous.
    expect(lines.slice(1, 4).map((line) => line.split(';')[0])).toEqual([
      "'=cmd Piège",
      'Julie Morel',
      'Hugo Bernard',
    ])
    expect(lines[2]!.split(';').slice(1, 6)).toEqual(['30', '0', '66,7', '1:00:00', '0:03:00'])
    expect(lines[4]).toBe('')
  })
})
