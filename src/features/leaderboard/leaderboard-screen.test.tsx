// Issue #14 "The leaderboard": the wall screen rotates through its views by itself, refetches on the
// live signal, animates rank changes unless motion is reduced, shows the day's badges, keeps the
// screen awake, and, opened by a display link, says when the link is unknown or revoked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { server } from '../../../tests/mocks/server.ts'
import { liveServer } from '../../../tests/mocks/live.ts'
import { displaySessionIs, leaderboardIs, makeAgent, makeBoard } from '../../../tests/mocks/leaderboard.ts'
import { renderFeature } from '../../../tests/setup/render-feature.tsx'
import type { LeaderboardAgent } from '../../contracts/leaderboard.ts'
import { DisplayScreen } from './display-screen.tsx'
import { LeaderboardScreen } from './leaderboard-screen.tsx'
import { ROTATION_MS } from './rotation.ts'

const TEAMS = [{ id: 7, name: 'Nord' }]
const alice = makeAgent({ userId: 1, name: 'Alice D.', experiencePoints: 50, rank: 1, level: 3 })
const bruno = makeAgent({ userId: 2, name: 'Bruno P.', experiencePoints: 30, rank: 2 })

let reducedMotion = false
const animate = vi.fn()
let layout: { mockRestore: () => void } | null = null

beforeEach(() => {
  reducedMotion = false
  animate.mockClear()
  // jsdom has neither matchMedia nor the Web Animations API, nor layout: each row's top is its index.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reducedMotion,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
  Element.prototype.animate = animate
  layout = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const index = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0
    return { top: index * 80, bottom: index * 80 + 70, left: 0, right: 0, width: 0, height: 70 } as DOMRect
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  layout?.mockRestore()
  Reflect.deleteProperty(Element.prototype, 'animate')
})

function rowNames(): string[] {
  const list = screen.getByRole('list', { name: /^Classement/ })
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.leaderboard__name')?.textContent ?? '')
}

describe('the leaderboard screen', () => {
  it('rotates by itself: today, week, month for everyone, then for each team, and round again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    server.use(leaderboardIs((period, teamId) => makeBoard(period, teamId, [alice, bruno], TEAMS)))
    renderFeature(<LeaderboardScreen audience="user" />, '/activity/leaderboard')
    expect(await screen.findByText('Aujourd’hui · Toutes les équipes')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Classement' })).toBeTruthy()
    await waitFor(() => expect(rowNames()).toEqual(['Alice D.', 'Bruno P.']))
    expect(screen.getByText('Vue 1 sur 6')).toBeTruthy()
    const expected = [
      'Cette semaine · Toutes les équipes',
      'Ce mois-ci · Toutes les équipes',
      'Aujourd’hui · Équipe Nord',
      'Cette semaine · Équipe Nord',
      'Ce mois-ci · Équipe Nord',
      'Aujourd’hui · Toutes les équipes',
    ]
    for (const label of expected) {
      act(() => vi.advanceTimersByTime(ROTATION_MS))
      expect(await screen.findByText(label)).toBeTruthy()
    }
  })

  it('on a team’s display link (issue #31): that team’s periods only, named after the team', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    // The server answers the link's team whatever the view asks, and names no other team.
    server.use(leaderboardIs((period) => makeBoard(period, 7, [alice], TEAMS)))
    renderFeature(<LeaderboardScreen audience="display" />, '/display/x')
    expect(await screen.findByText('Aujourd’hui · Équipe Nord')).toBeTruthy()
    expect(screen.getByText('Vue 1 sur 3')).toBeTruthy()
    for (const label of [
      'Cette semaine · Équipe Nord',
      'Ce mois-ci · Équipe Nord',
      'Aujourd’hui · Équipe Nord',
    ]) {
      act(() => vi.advanceTimersByTime(ROTATION_MS))
      expect(await screen.findByText(label)).toBeTruthy()
    }
  })

  it('refetches on the live signal and slides the rows that changed places', async () => {
    let agents: LeaderboardAgent[] = [alice, bruno]
    server.use(leaderboardIs((period, teamId) => makeBoard(period, teamId, agents)))
    renderFeature(<LeaderboardScreen audience="user" />, '/activity/leaderboard')
    await waitFor(() => expect(rowNames()).toEqual(['Alice D.', 'Bruno P.']))
    await waitFor(() =>
      expect(liveServer.received).toContainEqual({ type: 'subscribe', channel: 'leaderboard' }),
    )
    agents = [
      { ...bruno, rank: 1, experiencePoints: 80 },
      { ...alice, rank: 2 },
    ]
    liveServer.publish('leaderboard', { at: '2026-11-25T10:00:00.000Z' })
    await waitFor(() => expect(rowNames()).toEqual(['Bruno P.', 'Alice D.']))
    // Bruno moved up one row (80 px), Alice down one.
    expect(animate).toHaveBeenCalledTimes(2)
    expect(animate.mock.calls.map(([frames]) => (frames as Keyframe[])[0]?.transform).sort()).toEqual([
      'translateY(-80px)',
      'translateY(80px)',
    ])
  })

  it('moves nothing under prefers-reduced-motion', async () => {
    reducedMotion = true
    let agents: LeaderboardAgent[] = [alice, bruno]
    server.use(leaderboardIs((period, teamId) => makeBoard(period, teamId, agents)))
    renderFeature(<LeaderboardScreen audience="user" />, '/activity/leaderboard')
    await waitFor(() => expect(rowNames()).toEqual(['Alice D.', 'Bruno P.']))
    await waitFor(() =>
      expect(liveServer.received).toContainEqual({ type: 'subscribe', channel: 'leaderboard' }),
    )
    agents = [
      { ...bruno, rank: 1, experiencePoints: 80 },
      { ...alice, rank: 2 },
    ]
    liveServer.publish('leaderboard', { at: '2026-11-25T10:00:00.000Z' })
    await waitFor(() => expect(rowNames()).toEqual(['Bruno P.', 'Alice D.']))
    expect(animate).not.toHaveBeenCalled()
  })

  it('shows the day’s badges on the row, a fresh one highlighted', async () => {
    const earnedAt = new Date().toISOString()
    const withBadge = {
      ...bruno,
      badgesToday: [{ id: 'premier-rdv', name: 'Premier rendez-vous', icon: 'calendar-check', earnedAt }],
    }
    server.use(leaderboardIs((period, teamId) => makeBoard(period, teamId, [alice, withBadge])))
    renderFeature(<LeaderboardScreen audience="user" />, '/activity/leaderboard')
    const badge = await screen.findByText('Premier rendez-vous')
    expect(badge.closest('.leaderboard__badge--new')).not.toBeNull()
    expect(within(badge.closest('li')!).getByText('Nouveau badge')).toBeTruthy()
    expect(within(badge.closest('li')!).getByText('Bruno P.')).toBeTruthy()
  })

  it('keeps the screen awake, asking again when the page shows after being hidden', async () => {
    const release = vi.fn(async () => undefined)
    const lock = { released: false, release }
    const request = vi.fn(async () => lock)
    vi.stubGlobal('navigator', { ...navigator, wakeLock: { request } })
    server.use(leaderboardIs((period, teamId) => makeBoard(period, teamId, [alice])))
    const { unmount } = renderFeature(<LeaderboardScreen audience="user" />, '/activity/leaderboard')
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'))
    // The browser releases the lock while the page is hidden.
    lock.released = true
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2))
    unmount()
    expect(release).toHaveBeenCalled()
  })
})

describe('the display link’s screen', () => {
  it('opens the link, then shows the board without any user', async () => {
    server.use(
      displaySessionIs({ name: 'Télévision du plateau' }),
      leaderboardIs((period, teamId) => makeBoard(period, teamId, [alice])),
    )
    renderFeature(<DisplayScreen token={'t'.repeat(43)} />, `/display/${'t'.repeat(43)}`)
    await waitFor(() => expect(rowNames()).toEqual(['Alice D.']))
  })

  it('says so when the link is unknown or revoked', async () => {
    server.use(
      displaySessionIs({ status: 404, message: 'Ce lien d’affichage est invalide ou a été révoqué.' }),
    )
    renderFeature(<DisplayScreen token="bad" />, '/display/bad')
    expect(await screen.findByRole('heading', { name: 'Lien d’affichage invalide' })).toBeTruthy()
    expect(screen.getByText('Ce lien d’affichage est invalide ou a été révoqué.')).toBeTruthy()
  })

  it('shows the revocation in place when the board answers 401 (no sign-in page)', async () => {
    server.use(
      displaySessionIs({ name: 'Salle de pause' }),
      leaderboardIs(() => 401),
    )
    const { router } = renderFeature(<DisplayScreen token={'t'.repeat(43)} />, `/display/${'t'.repeat(43)}`)
    expect(await screen.findByRole('heading', { name: 'Lien d’affichage révoqué' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`/display/${'t'.repeat(43)}`)
  })
})
