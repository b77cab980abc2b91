// Issue #12 "Assignments": the per-mission page adds a whole team and removes a user after a
// confirmation, the list following each change.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { AssignmentPerson, MissionAssignmentPage } from '../../contracts/assignments.ts'
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

function missionServer() {
  let assigned: AssignmentPerson[] = [julie]
  const sent: { action: string; body: unknown }[] = []
  const page = (items: AssignmentPerson[]): MissionAssignmentPage => ({
    mission: { id: 9, name: 'Mission X', color: '#aa3300', archivedAt: null },
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
  })
  server.use(
    signedInAs(makeMe('ADMIN')),
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
