// Issue #12 "Teams": the name form validates with the contract's schema before sending, and a save
// made from a stale version shows the server's French reason and the team as it now is.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Team, TeamPage } from '../../../contracts/teams.ts'
import { server } from '../../../../tests/mocks/server.ts'
import { makeMe, makeUser, signedInAs } from '../../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../../tests/setup/render-app.tsx'

const STALE =
  'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'

function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 7,
    name: 'Équipe Lyon',
    version: 1,
    archivedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    members: [],
    ...overrides,
  }
}

function teamsServer(initial: Team) {
  let team = initial
  const page = (): TeamPage => ({
    items: [
      { id: team.id, name: team.name, version: team.version, archivedAt: null, memberCount: 0, managers: [] },
    ],
    total: 1,
    page: 1,
    pageSize: 25,
  })
  server.use(
    signedInAs(makeMe('ADMIN')),
    http.get('*/api/teams', () => HttpResponse.json(page())),
    http.get('*/api/team/:id', () => HttpResponse.json(team)),
    http.get('*/api/audit/team/:id', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
    http.get('*/api/users', () => HttpResponse.json([makeUser('TELEOPERATOR')])),
  )
  return {
    /** Another administrator's save, unknown to this page. */
    changeBehindTheScenes: (changes: Partial<Team>) => (team = { ...team, ...changes }),
  }
}

describe('the teams screen', () => {
  it('refuses an empty name next to the field without sending anything', async () => {
    const sent: unknown[] = []
    teamsServer(makeTeam())
    server.use(
      http.post('*/api/teams', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(makeTeam({ id: 8 }), { status: 201 })
      }),
    )
    renderApp('/backoffice/teams')
    const create = within(await screen.findByRole('region', { name: 'Nouvelle équipe' }))
    await userEvent.type(create.getByLabelText('Nom de l’équipe'), '   ')
    await userEvent.click(create.getByRole('button', { name: 'Créer l’équipe' }))
    expect(await create.findByText('Le nom de l’équipe est obligatoire.')).toBeTruthy()
    expect(document.activeElement).toBe(create.getByLabelText('Nom de l’équipe'))
    expect(sent).toEqual([])
  })

  it('keeps a team opened while the search is still pending open when the search applies', async () => {
    teamsServer(makeTeam())
    const { router } = renderApp('/backoffice/teams')
    const open = await screen.findByRole('button', { name: 'Ouvrir l’équipe Équipe Lyon' })
    await userEvent.type(screen.getByLabelText('Rechercher une équipe'), 'lyon')
    // Opened before the search's delay ran out.
    await userEvent.click(open)
    // Whatever the order the two land in, both hold in the end.
    await waitFor(() => expect(new URL(currentUrl(router), 'http://x').searchParams.get('q')).toBe('lyon'))
    expect(new URL(currentUrl(router), 'http://x').searchParams.get('team')).toBe('7')
    expect(await screen.findByRole('region', { name: 'Équipe Lyon' })).toBeTruthy()
  })

  it('shows the French reason and the current version when the team changed meanwhile', async () => {
    const teams = teamsServer(makeTeam())
    const puts: unknown[] = []
    server.use(
      http.put('*/api/team/:id', async ({ request }) => {
        puts.push(await request.json())
        const current = teams.changeBehindTheScenes({ name: 'Équipe Lyon Nord', version: 2 })
        return HttpResponse.json(
          { error: { code: 'STALE_VERSION', message: STALE }, current },
          { status: 409 },
        )
      }),
    )
    renderApp('/backoffice/teams?team=7')
    const panel = within(await screen.findByRole('region', { name: 'Équipe Lyon' }))
    const name = panel.getByLabelText('Nom de l’équipe')
    await userEvent.clear(name)
    await userEvent.type(name, 'Équipe Lyon Sud')
    await userEvent.click(panel.getByRole('button', { name: 'Renommer' }))

    expect(await screen.findByText(STALE)).toBeTruthy()
    expect(puts).toEqual([{ name: 'Équipe Lyon Sud', version: 1 }])
    // The team as it now is: its name in the heading and the field, the reason still shown.
    const current = within(await screen.findByRole('region', { name: 'Équipe Lyon Nord' }))
    await waitFor(() =>
      expect((current.getByLabelText('Nom de l’équipe') as HTMLInputElement).value).toBe('Équipe Lyon Nord'),
    )
    expect(current.getByText(STALE)).toBeTruthy()
  })
})
