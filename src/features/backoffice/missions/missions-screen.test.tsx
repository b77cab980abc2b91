// Issue #12 "Missions": the form shows the contrast of the colour live and refuses a colour white text
// cannot be read on before sending; a save made from a stale version shows the server's French reason
// and the mission as it now is.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Mission, MissionPage } from '../../../contracts/missions.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../../tests/mocks/session.ts'
import { renderApp } from '../../../../tests/setup/render-app.tsx'

const STALE =
  'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'

function makeMission(overrides: Partial<Mission> = {}): Mission {
  return {
    id: 5,
    name: 'Énergie Ouest',
    color: '#1d4ed8',
    bannerUrl: '',
    hasUploadedBanner: false,
    leadProcessingDurationDays: 60,
    callProcess: null,
    callingRule: 'REGULATED',
    callingHours: { days: [1, 2, 3, 4, 5], periods: [[540, 1200]], holidays: false },
    maxCallAttempts: null,
    quietDays: null,
    autoCallDelaySeconds: null,
    version: 1,
    archivedAt: null,
    marketCount: 0,
    leadCount: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    markets: [],
    ...overrides,
  }
}

function missionsServer(initial: Mission) {
  let mission = initial
  const page = (): MissionPage => ({ items: [mission], total: 1, page: 1, pageSize: 25 })
  const empty = { items: [], total: 0, page: 1, pageSize: 20 }
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/missions', () => HttpResponse.json(page())),
    http.get('*/api/mission/:id', () => HttpResponse.json(mission)),
    http.get('*/api/configuration', () =>
      HttpResponse.json({
        items: [{ key: 'leadProcessingDurationDays', value: 45, version: 2, updatedAt: null }],
      }),
    ),
    http.get('*/api/call-processes', () => HttpResponse.json({ ...empty, pageSize: 100 })),
    http.get('*/api/audit/mission/:id', () => HttpResponse.json(empty)),
  )
  return { changeBehindTheScenes: (changes: Partial<Mission>) => (mission = { ...mission, ...changes }) }
}

describe('the mission form', () => {
  it('shows the contrast live and refuses a too light colour next to the field without sending', async () => {
    const sent: unknown[] = []
    missionsServer(makeMission())
    server.use(
      http.post('*/api/missions', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(makeMission({ id: 6 }), { status: 201 })
      }),
    )
    renderApp('/backoffice/missions?mission=new')
    // The first render loads the screen's lazy chunk (transformed on demand in the test run).
    const region = await screen.findByRole('region', { name: 'Nouvelle mission' }, { timeout: 15_000 })
    const form = within(region)
    expect(form.getByText(/Contraste avec le texte blanc : 6,\d\d : 1 — suffisant/)).toBeTruthy()
    expect((form.getByLabelText('Durée de traitement des leads (jours)') as HTMLInputElement).value).toBe(
      '45',
    )
    await userEvent.type(form.getByLabelText('Nom de la mission'), 'Jaune')
    const hex = form.getByLabelText('Code couleur (#RRGGBB)')
    await userEvent.clear(hex)
    await userEvent.type(hex, '#ffd700')
    expect(form.getByText(/Contraste avec le texte blanc : 1,\d\d : 1 — insuffisant/)).toBeTruthy()
    await userEvent.click(form.getByRole('button', { name: 'Créer la mission' }))
    expect(
      await form.findByText(
        /^Contraste insuffisant avec le texte blanc : 1,\d\d : 1, il faut au moins 4,5 : 1/,
      ),
    ).toBeTruthy()
    expect(hex.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  }, 30_000)

  it('sets the automatic call delay: refused out of 5–60 s before sending, sent when right (issue #29)', async () => {
    missionsServer(makeMission())
    const puts: Record<string, unknown>[] = []
    server.use(
      http.put('*/api/mission/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        puts.push(body)
        return HttpResponse.json(
          makeMission({
            autoCallDelaySeconds: body.autoCallDelaySeconds as number | null,
            version: puts.length + 1,
          }),
        )
      }),
    )
    renderApp('/backoffice/missions?mission=5')
    const panel = within(await screen.findByRole('region', { name: 'Énergie Ouest' }, { timeout: 15_000 }))
    const delay = panel.getByLabelText('Appel automatique après (secondes)') as HTMLInputElement
    expect(delay.value).toBe('')
    await userEvent.type(delay, '3')
    await userEvent.click(panel.getByRole('button', { name: 'Enregistrer' }))
    expect(
      await panel.findByText('Le délai avant l’appel automatique est entre 5 et 60 secondes.'),
    ).toBeTruthy()
    expect(puts).toEqual([])
    await userEvent.clear(delay)
    await userEvent.type(delay, '8')
    await userEvent.click(panel.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(puts).toMatchObject([{ autoCallDelaySeconds: 8, version: 1 }]))
  }, 30_000)

  it('shows the French reason and the current mission when it changed meanwhile', async () => {
    const missions = missionsServer(makeMission())
    const puts: unknown[] = []
    server.use(
      http.put('*/api/mission/:id', async ({ request }) => {
        puts.push(await request.json())
        const current = missions.changeBehindTheScenes({ name: 'Énergie Nord', version: 2 })
        return HttpResponse.json(
          { error: { code: 'STALE_VERSION', message: STALE }, current },
          { status: 409 },
        )
      }),
    )
    renderApp('/backoffice/missions?mission=5')
    const panel = within(await screen.findByRole('region', { name: 'Énergie Ouest' }, { timeout: 15_000 }))
    const name = panel.getByLabelText('Nom de la mission')
    await userEvent.clear(name)
    await userEvent.type(name, 'Énergie Sud')
    await userEvent.click(panel.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(STALE)).toBeTruthy()
    expect(puts).toMatchObject([{ name: 'Énergie Sud', version: 1, color: '#1d4ed8' }])
    const current = within(await screen.findByRole('region', { name: 'Énergie Nord' }))
    await waitFor(() =>
      expect((current.getByLabelText('Nom de la mission') as HTMLInputElement).value).toBe('Énergie Nord'),
    )
    expect(current.getByText(STALE)).toBeTruthy()
  }, 30_000)
})
