// Issue #14, `/activity/gamification`: a teleoperator's own progress (no choice), badges earned with
// their date and locked with what earns them, tentacalls; a manager chooses an agent or a team (held
// in the URL); a team's members; an administrator is asked to choose.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  BADGES,
  gamificationIs,
  makeGamification,
  scopeIs,
  teamIs,
  TENTACALLS,
} from '../../../tests/mocks/gamification.ts'
import { liveServer } from '../../../tests/mocks/live.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { currentUrl, renderApp } from '../../../tests/setup/render-app.tsx'
import type { GamificationScope } from '../../contracts/gamification-team.ts'

const TELEOP_ID = 3
const MANAGER_ID = 2
const OTHER_ID = 7

const teleopProgress = makeGamification(TELEOP_ID, {
  experiencePoints: 320,
  level: { level: 4, levelXp: 250, nextLevelXp: 500, progress: 0.28 },
  badges: BADGES.map((badge) =>
    badge.id === 'premier-appel' ? { ...badge, earnedAt: '2026-11-24T08:15:00.000Z' } : badge,
  ),
  tentacalls: TENTACALLS.map((tentacall) => ({
    ...tentacall,
    current: 7,
    record: 12,
    nextMilestone: 10,
    awarded: 1,
  })),
})

const scope: GamificationScope = {
  agents: [
    { id: OTHER_ID, firstName: 'Paul', lastName: 'Arnaud', role: 'TELEOPERATOR', teamIds: [5] },
    { id: TELEOP_ID, firstName: 'Camille', lastName: 'Martin', role: 'TELEOPERATOR', teamIds: [5] },
    { id: MANAGER_ID, firstName: 'Marc', lastName: 'Lefèvre', role: 'MANAGER', teamIds: [5] },
  ],
  teams: [{ id: 5, name: 'Lyon' }],
}

describe('/activity/gamification', () => {
  it('a teleoperator sees their own progress, without choosing anyone', async () => {
    const asked: number[] = []
    server.use(signedInAs(makeMe('TELEOPERATOR')), gamificationIs({ [TELEOP_ID]: teleopProgress }, asked))
    // Someone else's id in the URL changes nothing: a teleoperator reads only their own.
    renderApp(`/activity/gamification?user=${OTHER_ID}`)

    expect(await screen.findByRole('heading', { name: 'Ma progression' })).toBeTruthy()
    expect(screen.getByText('Niveau 4')).toBeTruthy()
    expect(screen.getByText(/^320\sXP$/)).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: 'Progression vers le niveau 5' })
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['70', '250'])
    expect(screen.getByText('70 / 250 XP vers le niveau 5')).toBeTruthy()
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(asked).not.toContain(OTHER_ID)
  })

  it('badges: earned with their date, locked with what earns them', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')), gamificationIs({ [TELEOP_ID]: teleopProgress }))
    renderApp('/activity/gamification')

    const badges = await screen.findByRole('region', { name: 'Badges' })
    expect(within(badges).getByText('1 sur 3 obtenus')).toBeTruthy()
    const earned = within(badges).getByText('Premier contact').closest('li')!
    expect(within(earned).getByText('Obtenu le 24 novembre 2026')).toBeTruthy()
    const locked = within(badges).getByText('Journée en or').closest('li')!
    expect(within(locked).getByText('Verrouillé')).toBeTruthy()
    expect(within(locked).getByText('Fixer 10 rendez-vous dans la même journée.')).toBeTruthy()
    // The icon is decorative: the badge's name is its text.
    expect(locked.querySelector('[aria-hidden="true"]')).toBeTruthy()

    const table = screen.getByRole('table', { name: 'Séries en cours, records et paliers' })
    const row = within(table).getByRole('row', { name: /Série de décrochés/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '12', '10', '1 fois'])
  })

  it('a manager sees their own, then chooses an agent of theirs (in the URL), then a team', async () => {
    const otherProgress = makeGamification(OTHER_ID, { experiencePoints: 40 })
    server.use(
      signedInAs(makeMe('MANAGER')),
      scopeIs(scope),
      gamificationIs({ [MANAGER_ID]: makeGamification(MANAGER_ID), [OTHER_ID]: otherProgress }),
      teamIs({
        teamId: 5,
        name: 'Lyon',
        badgeCount: 6,
        members: [
          {
            userId: TELEOP_ID,
            firstName: 'Camille',
            lastName: 'Martin',
            experiencePoints: 1_250,
            level: { level: 5, levelXp: 1_000, nextLevelXp: 2_000, progress: 0.25 },
            badges: 3,
            tentacalls: [
              {
                id: 'decroches-consecutifs',
                name: 'Série de décrochés',
                icon: 'phone-forwarded',
                current: 4,
              },
            ],
          },
          {
            userId: OTHER_ID,
            firstName: 'Paul',
            lastName: 'Arnaud',
            experiencePoints: 40,
            level: { level: 1, levelXp: 0, nextLevelXp: 100, progress: 0.4 },
            badges: 0,
            tentacalls: [
              {
                id: 'decroches-consecutifs',
                name: 'Série de décrochés',
                icon: 'phone-forwarded',
                current: 0,
              },
            ],
          },
        ],
      }),
    )
    const { router } = renderApp('/activity/gamification')

    expect(await screen.findByRole('heading', { name: 'Ma progression' })).toBeTruthy()
    const agent = screen.getByRole('combobox', { name: 'Agent' })
    await waitFor(() => expect(within(agent).getAllByRole('option')).toHaveLength(4))
    expect(
      within(agent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['—', 'Paul Arnaud', 'Camille Martin', 'Marc Lefèvre'])

    await userEvent.selectOptions(agent, 'Paul Arnaud')
    expect(await screen.findByRole('heading', { name: 'Progression de Paul Arnaud' })).toBeTruthy()
    expect(currentUrl(router)).toBe(`/activity/gamification?user=${OTHER_ID}`)
    expect(screen.getByText(/^40\sXP$/)).toBeTruthy()

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Équipe' }), 'Lyon')
    expect(currentUrl(router)).toBe('/activity/gamification?team=5')
    const table = await screen.findByRole('table', {
      name: 'Progression des membres de l’équipe Lyon, par expérience',
    })
    const rows = within(table).getAllByRole('row').slice(1)
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replace(/\s/g, ' '))
    expect(cells.slice(0, 3)).toEqual(['5', '1 250', '3 / 6'])
    expect(cells[3]).toContain('Série de décrochés : 4')
    expect((screen.getByRole('combobox', { name: 'Agent' }) as HTMLSelectElement).value).toBe('')

    // A member's name opens their progress.
    await userEvent.click(within(rows[1]!).getByRole('link', { name: 'Paul Arnaud' }))
    expect(await screen.findByRole('heading', { name: 'Progression de Paul Arnaud' })).toBeTruthy()
    expect(currentUrl(router)).toBe(`/activity/gamification?user=${OTHER_ID}`)
  })

  it('an administrator, without a choice in the URL, is asked to choose', async () => {
    server.use(
      signedInAs(makeMe('ADMIN')),
      scopeIs(scope),
      gamificationIs({ [OTHER_ID]: makeGamification(OTHER_ID) }),
    )
    renderApp('/activity/gamification')
    expect(
      await screen.findByText('Choisissez un agent ou une équipe pour voir sa progression.'),
    ).toBeTruthy()
  })

  it('an administrator opening an agent’s link sees that agent', async () => {
    server.use(
      signedInAs(makeMe('ADMIN')),
      scopeIs(scope),
      gamificationIs({ [OTHER_ID]: makeGamification(OTHER_ID) }),
    )
    renderApp(`/activity/gamification?user=${OTHER_ID}`)
    expect(await screen.findByRole('heading', { name: 'Progression de Paul Arnaud' })).toBeTruthy()
    expect((screen.getByRole('combobox', { name: 'Agent' }) as HTMLSelectElement).value).toBe(
      String(OTHER_ID),
    )
  })

  it('a supervisor’s view of an agent refetches on a badge signal and on the agent’s experience', async () => {
    const asked: number[] = []
    server.use(
      signedInAs(makeMe('ADMIN')),
      scopeIs(scope),
      gamificationIs({ [OTHER_ID]: makeGamification(OTHER_ID) }, asked),
    )
    renderApp(`/activity/gamification?user=${OTHER_ID}`)
    expect(await screen.findByRole('heading', { name: 'Progression de Paul Arnaud' })).toBeTruthy()
    await waitFor(() => expect(liveServer.received).toContainEqual({ type: 'subscribe', channel: 'badge:1' }))
    expect(asked).toEqual([OTHER_ID])

    liveServer.publish('badge:1', {
      badgeId: 'premier-rdv',
      earnedAt: '2026-11-26T10:00:00.000Z',
      userId: OTHER_ID,
    })
    await waitFor(() => expect(asked).toEqual([OTHER_ID, OTHER_ID]))
    liveServer.publish('user:1:activity', { userId: OTHER_ID, cause: 'experience' })
    await waitFor(() => expect(asked).toEqual([OTHER_ID, OTHER_ID, OTHER_ID]))
  })
})
