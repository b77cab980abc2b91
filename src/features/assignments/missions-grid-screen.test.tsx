// Issue #12 "Assignments": ticking a cell of the users × missions grid shows at once and is sent;
// a refusal puts the cell back as it was and says why in French.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { MissionGrid } from '../../contracts/assignments.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'

// A user outside the manager's teams answers as one that does not exist (issue #26).
const REFUSAL = 'Utilisateur introuvable.'

function person(id: number, firstName: string, lastName: string, missionIds: number[]) {
  return {
    id,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@test.fr`,
    role: 'TELEOPERATOR' as const,
    status: 'ACTIVE' as const,
    missionIds,
  }
}

function gridServer(answer: (body: { userIds: number[] }, action: string) => Response) {
  let assigned = [2]
  const sent: { action: string; body: unknown }[] = []
  const grid = (): MissionGrid => ({
    missions: [
      { id: 1, name: 'Mission X', color: '#aa3300', archivedAt: null },
      { id: 2, name: 'Mission Y', color: '#0033aa', archivedAt: null },
    ],
    items: [person(5, 'Julie', 'Martin', assigned), person(6, 'Paul', 'Durand', [])],
    total: 2,
    page: 1,
    pageSize: 25,
  })
  server.use(
    signedInAs(makeMe('MANAGER')),
    http.get('*/api/assignments/missions', () => HttpResponse.json(grid())),
    http.get('*/api/teams', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
    http.post('*/api/assignments/mission/:missionId/:action', async ({ request, params }) => {
      const body = (await request.json()) as { userIds: number[] }
      const action = String(params.action)
      sent.push({ action, body })
      const response = answer(body, action)
      if (response.ok) assigned = action === 'assign' ? [...assigned, Number(params.missionId)] : []
      return response
    }),
  )
  return sent
}

/** What the cell says of its last change (issue #31): the note its checkbox is described by. */
function cellNote(name: string): string | null {
  const cell = screen.getByRole('checkbox', { name })
  const id = cell.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

describe('the users × missions grid', () => {
  it('assigns with a tick: the cell shows it at once and the change is sent', async () => {
    const sent = gridServer((body) => HttpResponse.json({ missionId: 1, changedUserIds: body.userIds }))
    renderApp('/affectations/missions')
    const cell = await screen.findByRole('checkbox', { name: 'Affecter Julie Martin à Mission X' })
    expect((cell as HTMLInputElement).checked).toBe(false)
    await userEvent.click(cell)
    expect((cell as HTMLInputElement).checked).toBe(true)
    await waitFor(() => expect(sent).toEqual([{ action: 'assign', body: { userIds: [5] } }]))
    // Issue #31: the cell confirms its own change once the server took it.
    await waitFor(() => expect(cellNote('Affecter Julie Martin à Mission X')).toBe('Enregistré'))
    expect(cellNote('Affecter Paul Durand à Mission X')).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'Affecter Julie Martin à Mission Y' })).toHaveProperty(
      'checked',
      true,
    )
  })

  it('puts the cell back and shows the French reason when the server refuses', async () => {
    gridServer(() => HttpResponse.json({ error: { code: 'NOT_FOUND', message: REFUSAL } }, { status: 404 }))
    renderApp('/affectations/missions')
    const cell = await screen.findByRole('checkbox', { name: 'Affecter Paul Durand à Mission Y' })
    await userEvent.click(cell)
    // The reason in the notification and on the cell itself (issue #31).
    expect((await screen.findAllByText(REFUSAL)).length).toBe(2)
    expect(cellNote('Affecter Paul Durand à Mission Y')).toBe(REFUSAL)
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Affecter Paul Durand à Mission Y' })).toHaveProperty(
        'checked',
        false,
      ),
    )
  })

  it('moves between cells with the arrow keys, one cell in the Tab order', async () => {
    gridServer((body) => HttpResponse.json({ missionId: 1, changedUserIds: body.userIds }))
    renderApp('/affectations/missions')
    const first = await screen.findByRole('checkbox', { name: 'Affecter Julie Martin à Mission X' })
    expect(first.tabIndex).toBe(0)
    first.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: 'Affecter Julie Martin à Mission Y' }),
    )
    await userEvent.keyboard('{ArrowDown}')
    const moved = screen.getByRole('checkbox', { name: 'Affecter Paul Durand à Mission Y' })
    expect(document.activeElement).toBe(moved)
    expect(moved.tabIndex).toBe(0)
    expect(first.tabIndex).toBe(-1)
  })
})

describe('a manager without missions opened to their teams (issue #26)', () => {
  it('is told an administrator opens missions to their teams', async () => {
    server.use(
      signedInAs(makeMe('MANAGER')),
      http.get('*/api/assignments/missions', () =>
        HttpResponse.json({ missions: [], items: [], total: 0, page: 1, pageSize: 25 }),
      ),
    )
    renderApp('/affectations/missions')
    expect(
      await screen.findByText(
        'Aucune mission n’est ouverte aux équipes que vous gérez : un administrateur peut en ouvrir une depuis la page de la mission.',
      ),
    ).toBeTruthy()
  })
})
