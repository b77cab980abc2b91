// Issue #29 point 5: "Mes rappels" — due first (late ones say how late), then later; each opens its
// lead; the hand-out's rule is said; reached from the count of "Ma journée".
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { makeMyDay } from '../../../tests/mocks/gamification.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'
import { recallTiming, type MyRecall } from '../../contracts/my-recalls.ts'

const DAY = 86_400_000

function recall(id: number, recallAt: Date | null, fields: Partial<MyRecall> = {}): MyRecall {
  return {
    id,
    uuid: `00000000-0000-4000-8000-00000000000${id}`,
    firstName: 'Jeanne',
    lastName: `Durand${id}`,
    status: 'RECALL',
    recallAt: recallAt?.toISOString() ?? null,
    mission: { id: 1, name: 'Isolation', color: '#1565c0' },
    heldByMe: false,
    ...fields,
  }
}

describe('recallTiming', () => {
  const now = new Date('2026-11-26T10:00:00Z') // 11:00 in Paris
  it('flags late by Paris days, hours or minutes once the quarter hour is over', () => {
    expect(recallTiming('2026-10-29T09:00:00Z', now)).toMatchObject({ kind: 'late', days: 28 })
    expect(recallTiming('2026-11-26T08:00:00Z', now)).toEqual({ kind: 'late', days: 0, hours: 2, minutes: 0 })
    expect(recallTiming('2026-11-26T09:40:00Z', now)).toEqual({
      kind: 'late',
      days: 0,
      hours: 0,
      minutes: 20,
    })
  })
  it('is due without a date or within its quarter hour, then today or later', () => {
    expect(recallTiming(null, now)).toEqual({ kind: 'due' })
    expect(recallTiming('2026-11-26T09:50:00Z', now)).toEqual({ kind: 'due' })
    expect(recallTiming('2026-11-26T15:00:00Z', now)).toEqual({ kind: 'today' })
    expect(recallTiming('2026-11-27T09:00:00Z', now)).toEqual({ kind: 'later' })
  })
})

describe('Mes rappels', () => {
  it('lists due recalls first with how late, then the next days; a recall opens its lead', async () => {
    const now = Date.now()
    const items = [
      recall(1, null),
      recall(2, new Date(now - 3 * DAY), { status: 'UNREACHABLE' }),
      recall(3, new Date(now + 3 * DAY), { heldByMe: true }),
    ]
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      http.get('*/api/recalls/mine', () => HttpResponse.json({ items })),
    )
    renderApp('/rappels')

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes rappels' })).toBeTruthy()
    expect(screen.getByText(/passent avant les nouveaux leads/)).toBeTruthy()
    const due = screen.getByRole('list', { name: 'Rappels : À rappeler maintenant' })
    const rows = within(due).getAllByRole('listitem')
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Jeanne Durand1',
      'Jeanne Durand2',
    ])
    expect(within(rows[0]!).getByText('Dès que possible')).toBeTruthy()
    expect(within(rows[0]!).queryByText(/En retard/)).toBeNull()
    expect(within(rows[1]!).getByText('En retard de 3 jours')).toBeTruthy()
    const later = screen.getByRole('list', { name: 'Rappels : Prochains jours' })
    expect(within(later).getByText('Vous le traitez')).toBeTruthy()

    const open = screen.getByRole('link', { name: 'Ouvrir la fiche de Jeanne Durand2' })
    expect(open.getAttribute('href')).toBe(`/lead/${items[1]!.uuid}`)
  })

  it('is reached from the count of recalls on the home page', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      http.get('*/api/user/me/day', () => HttpResponse.json(makeMyDay({ recallsDue: 2 }))),
      http.get('*/api/recalls/mine', () => HttpResponse.json({ items: [] })),
    )
    renderApp('/home')
    await userEvent.click(await screen.findByRole('link', { name: '2 — voir mes rappels' }))
    expect(await screen.findByText('Aucun rappel à venir.')).toBeTruthy()
  })
})
