// Issue #15 "/dev/monitor": the developer sees the process, database, live and job figures, and the
// bus rate once two readings are in; a failed reading says so.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type { DevMonitor } from '../../contracts/monitor.ts'
import { busRates } from './bus-rates.ts'
import { MonitorScreen } from './monitor-screen.tsx'

function reading(overrides: Partial<DevMonitor> = {}): DevMonitor {
  return {
    sampledAt: '2026-11-26T09:00:00.000Z',
    process: {
      pid: 4242,
      uptimeSeconds: 3_900,
      rssBytes: 150 * 1024 * 1024,
      heapUsedBytes: 80 * 1024 * 1024,
      eventLoopLagMs: 12.5,
    },
    database: { kind: 'postgres', pool: { total: 5, idle: 3, waiting: 1 } },
    live: { sockets: 7, subscriptions: 21 },
    bus: { published: 100, received: 40 },
    jobs: [{ name: 'lead-import', queued: 2, active: 1, failed: 3 }],
    webhookLag: { count: 12, p50Ms: 40, maxMs: 1500, lastReceivedAt: '2026-11-26T08:59:30.000Z' },
    slowQueries: [{ shape: 'select * from leads where id = $1', count: 3, maxMs: 250.5, avgMs: 90 }],
    errors: {
      total: 3,
      byRoute: [{ method: 'GET', route: '/api/lead/:id', status: 404, count: 3 }],
      recent: [
        { at: '2026-11-26T08:58:00.000Z', method: 'POST', route: '/api/call/start', message: 'Error: boom' },
      ],
    },
    ...overrides,
  }
}

function figure(section: string, label: string) {
  const region = screen.getByRole('region', { name: section })
  return within(region).getByText(label).nextElementSibling?.textContent
}

describe('the monitor screen', () => {
  it('shows the process, database, live and job figures', async () => {
    server.use(http.get('*/api/dev/monitor', () => HttpResponse.json(reading())))
    renderFeature(<MonitorScreen />, '/dev/monitor')
    await screen.findByRole('region', { name: 'Processus' })
    expect(figure('Processus', 'Démarré depuis')).toBe('1 h 05 min')
    expect(figure('Processus', 'Mémoire (RSS)')).toBe('150 Mo')
    expect(figure('Processus', 'Retard de la boucle d’événements (p99)')).toBe('12,5 ms')
    expect(figure('Base de données', 'Moteur')).toBe('PostgreSQL')
    expect(figure('Base de données', 'Connexions du pool (utilisées / ouvertes)')).toBe('2 / 5')
    expect(figure('Temps réel', 'Connexions ouvertes')).toBe('7')
    expect(figure('Temps réel', 'Abonnements')).toBe('21')
    // One reading only: no rate yet.
    expect(figure('Temps réel', 'Messages du bus publiés par seconde')).toBe('—')
    const rows = within(screen.getByRole('region', { name: 'Tâches en file' })).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['FileEn attenteEn coursEn échec', 'lead-import213'])
  })

  it('shows the webhook lag, the slowest statements and the errors of the last hour', async () => {
    server.use(http.get('*/api/dev/monitor', () => HttpResponse.json(reading())))
    renderFeature(<MonitorScreen />, '/dev/monitor')
    await screen.findByRole('region', { name: 'Webhooks de téléphonie (1 h)' })
    expect(figure('Webhooks de téléphonie (1 h)', 'Réceptions traitées')).toBe('12')
    expect(figure('Webhooks de téléphonie (1 h)', 'Délai de traitement maximal')).toBe('1\u202f500 ms')
    const slow = screen.getByRole('region', { name: 'Requêtes les plus lentes (1 h, ce processus)' })
    expect(within(slow).getAllByRole('row')[1]!.textContent).toBe(
      'select * from leads where id = $13250,5 ms90 ms',
    )
    const errors = screen.getByRole('region', { name: 'Erreurs de la dernière heure (ce processus)' })
    expect(within(errors).getByText('3 réponses en erreur')).toBeTruthy()
    expect(within(errors).getByRole('row', { name: /GET \/api\/lead\/:id/ }).textContent).toBe(
      'GET /api/lead/:id4043',
    )
    expect(within(errors).getByText('Error: boom')).toBeTruthy()
  })

  it('says the database has no pool on PGlite, and when the job engine did not answer', async () => {
    server.use(
      http.get('*/api/dev/monitor', () =>
        HttpResponse.json(reading({ database: { kind: 'pglite', pool: null }, jobs: null })),
      ),
    )
    renderFeature(<MonitorScreen />, '/dev/monitor')
    await screen.findByRole('region', { name: 'Base de données' })
    expect(figure('Base de données', 'Moteur')).toBe('PGlite (intégrée)')
    expect(screen.getByText('Sans objet : une seule connexion intégrée')).toBeTruthy()
    expect(screen.getByText('Le moteur de tâches n’a pas répondu à temps.')).toBeTruthy()
  })

  it('says so when the figures cannot be read', async () => {
    server.use(
      http.get('*/api/dev/monitor', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Introuvable.' } }, { status: 404 }),
      ),
    )
    renderFeature(<MonitorScreen />, '/dev/monitor')
    expect(
      await screen.findByText('Les mesures n’ont pas pu être lues. Nouvel essai dans quelques secondes.'),
    ).toBeTruthy()
  })
})

describe('busRates', () => {
  it('divides the growth of the counts by the seconds between two readings of one process', () => {
    const later = reading({ sampledAt: '2026-11-26T09:00:04.000Z', bus: { published: 120, received: 42 } })
    expect(busRates(reading(), later)).toEqual({ published: 5, received: 0.5 })
    expect(busRates(null, later)).toBeNull()
    expect(busRates(reading({ process: { ...reading().process, pid: 1 } }), later)).toBeNull()
  })
})
