// Issue #15 "Scheduled jobs": the administrator sees each job (schedule in words, next run, last runs,
// failing ones marked), pauses one, runs one now, and edits a schedule with live validation and the
// next five runs previewed before saving.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type { CronJob } from '../../contracts/crons.ts'
import { CronsScreen } from './crons-screen.tsx'

function cronJob(overrides: Partial<CronJob> = {}): CronJob {
  return {
    key: 'files-purge',
    name: 'Purge des fichiers d’import et d’extraction',
    description: 'Supprime les fichiers importés gardés plus de 30 jours.',
    cron: '0 3 * * *',
    defaultCron: '0 3 * * *',
    words: 'tous les jours à 3 h',
    nextRunAt: '2026-11-27T02:00:00.000Z',
    paused: false,
    failingSince: null,
    version: 1,
    updatedAt: '2026-11-26T08:00:00.000Z',
    runs: [],
    ...overrides,
  }
}

const pending = cronJob({
  key: 'pending-calls-expiry',
  name: 'Appels sans nouvelles de l’opérateur',
  description: 'Termine comme manqués les appels jamais confirmés.',
  cron: '* * * * *',
  defaultCron: '* * * * *',
  words: 'toutes les minutes',
  nextRunAt: '2026-11-26T09:01:00.000Z',
  failingSince: '2026-11-26T08:58:00.000Z',
  runs: [
    {
      id: 3,
      trigger: 'schedule',
      startedAt: '2026-11-26T09:00:00.000Z',
      finishedAt: '2026-11-26T09:00:00.350Z',
      durationMs: 350,
      outcome: 'failed',
      summary: null,
      error: 'connect ECONNREFUSED',
      process: 'srv-1:4242',
    },
    {
      id: 2,
      trigger: 'manual',
      startedAt: '2026-11-26T08:50:00.000Z',
      finishedAt: '2026-11-26T08:50:12.000Z',
      durationMs: 12_000,
      outcome: 'ok',
      summary: '2 appels terminés',
      error: null,
      process: 'srv-1:4242',
    },
    {
      id: 1,
      trigger: 'manual',
      startedAt: '2026-11-26T08:40:00.000Z',
      finishedAt: '2026-11-26T08:41:00.000Z',
      durationMs: 60_000,
      outcome: 'abandoned',
      summary: null,
      error: null,
      process: 'srv-2:1234',
    },
  ],
})

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

describe('the scheduled jobs screen', () => {
  it('lists each job with its schedule in words, next run and last runs, failing ones marked', async () => {
    server.use(http.get('*/api/crons', () => HttpResponse.json({ jobs: [pending, cronJob()] })))
    renderFeature(<CronsScreen />, '/backoffice/crons')
    const failing = await screen.findByRole('region', { name: 'Appels sans nouvelles de l’opérateur' })
    expect(within(failing).getByText('En échec')).toBeTruthy()
    expect(within(failing).getByRole('note').textContent).toBe(
      'Trois échecs de suite, depuis le 26 novembre 2026 à 09:58. Les administrateurs ont été prévenus.',
    )
    expect(within(failing).getByText('toutes les minutes')).toBeTruthy()
    expect(within(failing).getByText('jeudi 26 novembre 2026 à 10:01')).toBeTruthy()
    const rows = within(within(failing).getByRole('table')).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'DébutDuréeDéclenchementRésultatDétail',
      '26 novembre 2026 à 10:00350 msPlanifiéeÉchecconnect ECONNREFUSED',
      '26 novembre 2026 à 09:5012 sÀ la mainRéussie2 appels terminés',
      // Issue #30: a run whose process died, given up, names that process.
      '26 novembre 2026 à 09:401 min 00 sÀ la mainAbandonnée (processus srv-2:1234 arrêté)',
    ])
    const purge = section('Purge des fichiers d’import et d’extraction')
    expect(within(purge).queryByText('En échec')).toBeNull()
    expect(within(purge).getByText('Aucune exécution enregistrée.')).toBeTruthy()
  })

  it('pauses a job with the version it shows, then shows it paused', async () => {
    const user = userEvent.setup()
    let job = cronJob()
    const bodies: unknown[] = []
    server.use(
      http.get('*/api/crons', () => HttpResponse.json({ jobs: [job] })),
      http.post('*/api/crons/files-purge/pause', async ({ request }) => {
        bodies.push(await request.json())
        job = { ...job, paused: true, nextRunAt: null, version: 2 }
        return HttpResponse.json(job)
      }),
    )
    renderFeature(<CronsScreen />, '/backoffice/crons')
    await screen.findByRole('region', { name: job.name })
    await user.click(within(section(job.name)).getByRole('button', { name: 'Mettre en pause' }))
    expect(
      await screen.findByText('« Purge des fichiers d’import et d’extraction » est en pause.'),
    ).toBeTruthy()
    expect(bodies).toEqual([{ version: 1 }])
    const card = section(job.name)
    await waitFor(() => expect(within(card).getByText('En pause')).toBeTruthy())
    expect(within(card).getByText('Aucune : la tâche est en pause')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Reprendre' })).toBeTruthy()
  })

  it('runs a job now and says it will start in a few seconds', async () => {
    const user = userEvent.setup()
    const asked: string[] = []
    server.use(
      http.get('*/api/crons', () => HttpResponse.json({ jobs: [cronJob()] })),
      http.post('*/api/crons/:key/run', ({ params }) => {
        asked.push(String(params.key))
        return HttpResponse.json({ queued: true }, { status: 202 })
      }),
    )
    renderFeature(<CronsScreen />, '/backoffice/crons')
    await screen.findByRole('region', { name: cronJob().name })
    await user.click(screen.getByRole('button', { name: 'Lancer maintenant' }))
    expect(
      await screen.findByText(
        '« Purge des fichiers d’import et d’extraction » va tourner dans quelques secondes.',
      ),
    ).toBeTruthy()
    expect(asked).toEqual(['files-purge'])
  })

  it('says a job asked to run while it runs starts once the run in progress ends (issue #30)', async () => {
    const user = userEvent.setup()
    const running = cronJob({
      runs: [
        {
          id: 9,
          trigger: 'schedule',
          startedAt: '2026-11-26T09:00:00.000Z',
          finishedAt: null,
          durationMs: null,
          outcome: 'running',
          summary: null,
          error: null,
          process: 'srv-1:4242',
        },
      ],
    })
    server.use(
      http.get('*/api/crons', () => HttpResponse.json({ jobs: [running] })),
      http.post('*/api/crons/:key/run', () => HttpResponse.json({ queued: true }, { status: 202 })),
    )
    renderFeature(<CronsScreen />, '/backoffice/crons')
    await screen.findByRole('region', { name: running.name })
    await user.click(screen.getByRole('button', { name: 'Lancer maintenant' }))
    expect(
      await screen.findByText(
        '« Purge des fichiers d’import et d’extraction » tourne déjà : la nouvelle exécution démarrera dès la fin de celle en cours.',
      ),
    ).toBeTruthy()
  })

  it('checks a new schedule as it is typed, previews its next five runs, then saves it', async () => {
    const user = userEvent.setup()
    let job = cronJob()
    const saved: unknown[] = []
    const previewed: (string | null)[] = []
    server.use(
      http.get('*/api/crons', () => HttpResponse.json({ jobs: [job] })),
      http.get('*/api/crons/files-purge/preview', ({ request }) => {
        const cron = new URL(request.url).searchParams.get('cron')
        previewed.push(cron)
        // The schedule as it is first (the dialog opens on it), then the one typed.
        const [words, days, time] =
          cron === '30 3 * * 1'
            ? [
                'le lundi à 3 h 30',
                ['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28'],
                '02:30',
              ]
            : [
                'tous les jours à 3 h',
                ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'],
                '02:00',
              ]
        return HttpResponse.json({ cron, words, nextRuns: days.map((day) => `${day}T${time}:00.000Z`) })
      }),
      http.put('*/api/crons/files-purge/schedule', async ({ request }) => {
        saved.push(await request.json())
        job = { ...job, cron: '30 3 * * 1', words: 'le lundi à 3 h 30', version: 2 }
        return HttpResponse.json(job)
      }),
    )
    renderFeature(<CronsScreen />, '/backoffice/crons')
    await screen.findByRole('region', { name: job.name })
    await user.click(screen.getByRole('button', { name: 'Modifier la planification' }))
    const dialog = await screen.findByRole('dialog', { name: `Planification de « ${job.name} »` })
    const field = within(dialog).getByLabelText('Expression cron (minute heure jour mois jour-de-semaine)')
    await user.clear(field)
    await user.type(field, '30 3 * * 1 0')
    expect(within(dialog).getByText(/Une planification a cinq champs/)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true)
    await user.type(field, '{Backspace}{Backspace}')
    expect(within(dialog).getByText('le lundi à 3 h 30')).toBeTruthy()
    await waitFor(() => expect(previewed.at(-1)).toBe('30 3 * * 1'))
    // Never asked for what was refused as it was typed.
    expect(previewed).not.toContain('30 3 * * 1 0')
    await within(dialog).findByText('lundi 30 novembre 2026 à 03:30')
    const runs = within(dialog).getAllByRole('listitem')
    expect(runs.map((item) => item.textContent)).toEqual([
      'lundi 30 novembre 2026 à 03:30',
      'lundi 7 décembre 2026 à 03:30',
      'lundi 14 décembre 2026 à 03:30',
      'lundi 21 décembre 2026 à 03:30',
      'lundi 28 décembre 2026 à 03:30',
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(saved).toEqual([{ cron: '30 3 * * 1', version: 1 }])
    expect(await screen.findByText('le lundi à 3 h 30')).toBeTruthy()
  })

  it('shows in the dialog that someone else changed the schedule meanwhile', async () => {
    const user = userEvent.setup()
    server.use(
      http.get('*/api/crons', () => HttpResponse.json({ jobs: [cronJob()] })),
      http.get('*/api/crons/files-purge/preview', () =>
        HttpResponse.json({ cron: '0 4 * * *', words: 'tous les jours à 4 h', nextRuns: [] }),
      ),
      http.put('*/api/crons/files-purge/schedule', () =>
        HttpResponse.json(
          {
            error: {
              code: 'STALE_VERSION',
              message:
                'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.',
            },
            current: cronJob({ version: 2 }),
          },
          { status: 409 },
        ),
      ),
    )
    renderFeature(<CronsScreen />, '/backoffice/crons')
    await screen.findByRole('region', { name: cronJob().name })
    await user.click(screen.getByRole('button', { name: 'Modifier la planification' }))
    const dialog = await screen.findByRole('dialog')
    const field = within(dialog).getByRole('textbox')
    await user.clear(field)
    await user.type(field, '0 4 * * *')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Quelqu’un d’autre a modifié cet élément entre-temps.',
    )
  })
})
