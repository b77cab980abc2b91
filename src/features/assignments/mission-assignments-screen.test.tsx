// Issue #12 "Assignments": the per-mission page adds a whole team and removes a user after a
// confirmation, the list following each change; issue #26: an administrator opens the mission to
// teams there, a manager does not see that section.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { AssignmentPerson, MissionAssignmentPage, MissionTeams } from '../../contracts/assignments.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'

const julie: AssignmentPerson = {
  id: 5,
  firstName: 'Julie',
  lastName: 'Martin',
  email: 'julie@test.fr',
  role: 'TELEOPERATOR',
  status: 'ACTIVE',
}
const paul: AssignmentPerson = {
  ...julie,
  id: 6,
  firstName: 'Paul',
  lastName: 'Durand',
  email: 'paul@test.fr',
}
const team = { id: 3, name: 'Équipe Lyon', version: 1, archivedAt: null, memberCount: 2, managers: [] }

function missionServer(role: 'ADMIN' | 'MANAGER' = 'ADMIN') {
  let assigned: AssignmentPerson[] = [julie]
  let opened: number[] = []
  const sent: { action: string; body: unknown }[] = []
  const teams = (): MissionTeams => ({
    missionId: 9,
    teams: [
      { id: 3, name: 'Équipe Lyon', archived: false, opened: opened.includes(3) },
      { id: 4, name: 'Équipe Nantes', archived: false, opened: opened.includes(4) },
    ],
  })
  const page = (items: AssignmentPerson[]): MissionAssignmentPage => ({
    mission: { id: 9, name: 'Mission X', color: '#aa3300', archivedAt: null },
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
  })
  server.use(
    signedInAs(makeMe(role)),
    http.get('*/api/assignments/mission/9/teams', () => HttpResponse.json(teams())),
    ...(['open-team', 'close-team'] as const).map((action) =>
      http.post(`*/api/assignments/mission/9/${action}`, async ({ request }) => {
        const { teamId } = (await request.json()) as { teamId: number }
        sent.push({ action, body: { teamId } })
        opened = action === 'open-team' ? [...opened, teamId] : opened.filter((id) => id !== teamId)
        return HttpResponse.json(teams())
      }),
    ),
    http.get('*/api/assignments/mission/9', ({ request }) =>
      HttpResponse.json(
        page(new URL(request.url).searchParams.get('assigned') === 'false' ? [paul] : assigned),
      ),
    ),
    http.get('*/api/teams', () => HttpResponse.json({ items: [team], total: 1, page: 1, pageSize: 100 })),
    http.post('*/api/assignments/mission/9/:action', async ({ request, params }) => {
      const body = (await request.json()) as { userIds?: number[]; teamId?: number }
      const action = String(params.action)
      sent.push({ action, body })
      const changed = action === 'unassign' ? (body.userIds ?? []) : [paul.id]
      assigned = action === 'unassign' ? assigned.filter((u) => !changed.includes(u.id)) : [...assigned, paul]
      return HttpResponse.json({ missionId: 9, changedUserIds: changed })
    }),
  )
  return sent
}

describe('the users of one mission', () => {
  it('adds a whole team: the team is sent, the list shows its members', async () => {
    const sent = missionServer()
    renderApp('/affectations/mission/9')
    const addTeam = within(await screen.findByRole('region', { name: 'Ajouter une équipe' }))
    await userEvent.click(addTeam.getByRole('button', { name: 'Ajouter l’équipe' }))
    expect(addTeam.getByRole('alert').textContent).toBe('Choisissez une équipe.')
    await userEvent.selectOptions(addTeam.getByLabelText('Équipe'), 'Équipe Lyon')
    await userEvent.click(addTeam.getByRole('button', { name: 'Ajouter l’équipe' }))
    expect(await screen.findByText('1 utilisateur ajouté.')).toBeTruthy()
    expect(sent).toEqual([{ action: 'assign-team', body: { teamId: 3 } }])
    const list = within(screen.getByRole('region', { name: 'Utilisateurs affectés' }))
    expect(await list.findByText('Paul Durand')).toBeTruthy()
  })

  it('removes a user only once confirmed', async () => {
    const sent = missionServer()
    renderApp('/affectations/mission/9')
    const list = within(await screen.findByRole('region', { name: 'Utilisateurs affectés' }))
    await userEvent.click(await list.findByRole('button', { name: 'Retirer Julie Martin' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Retirer de la mission ?' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    expect(sent).toEqual([])
    await userEvent.click(list.getByRole('button', { name: 'Retirer Julie Martin' }))
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Retirer de la mission ?' })).getByRole('button', {
        name: 'Retirer',
      }),
    )
    await waitFor(() => expect(sent).toEqual([{ action: 'unassign', body: { userIds: [5] } }]))
    expect(
      await list.findByText(
        'Personne n’est affecté à cette mission : ajoutez des utilisateurs ou une équipe ci-dessus.',
      ),
    ).toBeTruthy()
  })
})

describe('the teams a mission is opened to (issue #26)', () => {
  it('an administrator opens and closes it with a box per team, each change sent at once', async () => {
    const sent = missionServer()
    renderApp('/affectations/mission/9')
    const access = within(await screen.findByRole('region', { name: 'Équipes ayant accès' }))
    const nantes = await access.findByRole('checkbox', { name: 'Équipe Nantes' })
    expect((nantes as HTMLInputElement).checked).toBe(false)
    await userEvent.click(nantes)
    expect(await screen.findByText('La mission est ouverte à l’équipe Équipe Nantes.')).toBeTruthy()
    await waitFor(() => expect((nantes as HTMLInputElement).checked).toBe(true))
    await userEvent.click(nantes)
    expect(await screen.findByText('La mission est fermée à l’équipe Équipe Nantes.')).toBeTruthy()
    expect(sent).toEqual([
      { action: 'open-team', body: { teamId: 4 } },
      { action: 'close-team', body: { teamId: 4 } },
    ])
    expect((access.getByRole('checkbox', { name: 'Équipe Lyon' }) as HTMLInputElement).checked).toBe(false)
  })

  it('a manager gets the users and the pickers, not the teams’ access', async () => {
    missionServer('MANAGER')
    renderApp('/affectations/mission/9')
    expect(await screen.findByRole('region', { name: 'Utilisateurs affectés' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Équipes ayant accès' })).toBeNull()
  })
})
