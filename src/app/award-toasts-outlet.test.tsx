// Issue #29 point 6: a badge or tentacall the agent earns shows at once in their own tab, with its
// name and picture, in a polite live region screen readers read; a plain count change or an agent's award
// seen by their supervisor does not.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { gamificationIs, makeGamification, makeMyDay, myDayIs } from '../../tests/mocks/gamification.ts'
import { liveServer } from '../../tests/mocks/live.ts'
import { server } from '../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../tests/mocks/session.ts'
import { renderApp } from '../../tests/setup/render-app.tsx'

describe('award toasts', () => {
  it('shows the agent’s own badge and tentacall with name and picture, read as a status', async () => {
    server.use(
      signedInAs(makeMe('TELEOPERATOR')),
      myDayIs(makeMyDay()),
      gamificationIs({ 3: makeGamification(3) }),
    )
    renderApp('/home')
    await waitFor(() => expect(liveServer.received).toContainEqual({ type: 'subscribe', channel: 'badge:3' }))
    const region = screen.getByRole('region', { name: 'Récompenses obtenues' })
    expect(region.getAttribute('aria-live')).toBe('polite')

    // A tentacall's count moving is no award; another user's award is not this agent's.
    liveServer.publish('tentacall:3', { tentacallId: 'jours-rdv', count: 2 })
    liveServer.publish('badge:3', {
      badgeId: 'premier-rdv',
      earnedAt: '2026-11-26T10:00:00.000Z',
      userId: 8,
      awardId: 4,
    })
    liveServer.publish('badge:3', {
      badgeId: 'premier-appel',
      earnedAt: '2026-11-26T10:00:00.000Z',
      awardId: 5,
    })
    const toast = await within(region).findByText('Badge obtenu : Premier contact')
    await waitFor(() => expect(toast.parentElement?.textContent).toContain('📞'))
    expect(within(region).queryByText(/Premier rendez-vous/)).toBeNull()
    expect(within(region).queryByText(/Jours avec RDV/)).toBeNull()

    liveServer.publish('tentacall:3', { tentacallId: 'jours-rdv', count: 3, awardId: 6 })
    expect(await within(region).findByText('Tentacall réussi : Jours avec RDV')).toBeTruthy()

    const closes = within(region).getAllByRole('button', { name: 'Fermer' })
    for (const close of closes) await userEvent.click(close)
    expect(within(region).queryByText(/obtenu|réussi/)).toBeNull()
  })
})
