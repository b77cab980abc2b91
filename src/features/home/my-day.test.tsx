// Issue #14: "Ma journée" on the home page of a call-capable user — today's figures, the level and
// its progress, the tentacalls running — refetched live on the user's signals; not for administrators.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { makeMyDay } from '../../../tests/mocks/gamification.ts'
import { liveServer } from '../../../tests/mocks/live.ts'
import { server } from '../../../tests/mocks/server.ts'
import { makeMe, signedInAs } from '../../../tests/mocks/session.ts'
import { renderApp } from '../../../tests/setup/render-app.tsx'
import type { MyDay } from '../../contracts/gamification.ts'

/** Answers `days` in turn (the last one again after), counting the reads. */
function myDaySequence(days: MyDay[]) {
  const reads = { count: 0 }
  server.use(
    http.get('*/api/user/me/day', () => {
      const day = days[Math.min(reads.count, days.length - 1)]!
      reads.count += 1
      return HttpResponse.json(day)
    }),
  )
  return reads
}

async function myDayRegion() {
  return screen.findByRole('region', { name: 'Ma journée' })
}

/** The value shown under a figure's label. */
function figure(region: HTMLElement, label: string) {
  return within(region).getByText(label).nextElementSibling?.textContent?.replace(/\s/g, ' ')
}

describe('home: Ma journée', () => {
  it('shows today’s calls, appointments, experience, recalls due, the level and the tentacalls', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    myDaySequence([
      makeMyDay({
        callsMade: 9,
        callsReceived: 3,
        answered: 7,
        appointments: 2,
        experiencePointsToday: 64,
        experiencePoints: 1_310,
        level: { level: 5, levelXp: 1_000, nextLevelXp: 2_000, progress: 0.31 },
        recallsDue: 4,
        tentacalls: [
          {
            id: 'decroches-consecutifs',
            name: 'Série de décrochés',
            icon: 'phone-forwarded',
            current: 6,
            record: 12,
          },
        ],
      }),
    ])
    renderApp('/home')

    const region = await myDayRegion()
    await waitFor(() => expect(figure(region, 'Appels')).toBe('12 dont 7 décrochés'))
    expect(figure(region, 'Rendez-vous')).toBe('2')
    expect(figure(region, 'XP aujourd’hui')).toBe('+64')
    expect(figure(region, 'Rappels à faire')).toBe('4')
    expect(within(region).getByText('Niveau 5')).toBeTruthy()
    expect(within(region).getByText(/encore 690 XP pour le niveau 6/)).toBeTruthy()
    const bar = within(region).getByRole('progressbar', { name: 'Progression vers le niveau 6' })
    expect(bar.getAttribute('value')).toBe('310')
    expect(bar.getAttribute('max')).toBe('1000')
    expect(within(region).getByText(/Série de décrochés : 6/).textContent).toContain('record 12')
    expect(within(region).getByRole('link', { name: 'Voir toute ma progression' }).getAttribute('href')).toBe(
      '/activity/gamification',
    )
  })

  it('refetches on the user’s experience, badge and call signals', async () => {
    server.use(signedInAs(makeMe('TELEOPERATOR')))
    const reads = myDaySequence([
      makeMyDay(),
      makeMyDay({ callsMade: 1, answered: 1, experiencePointsToday: 2, experiencePoints: 2 }),
      makeMyDay({ callsMade: 1, answered: 1, experiencePointsToday: 22, experiencePoints: 22 }),
      makeMyDay({ callsMade: 2, answered: 1, experiencePointsToday: 22, experiencePoints: 22 }),
    ])
    renderApp('/home')
    const region = await myDayRegion()
    await waitFor(() => expect(figure(region, 'XP aujourd’hui')).toBe('0'))
    await waitFor(() =>
      expect(liveServer.received).toContainEqual({ type: 'subscribe', channel: 'user:3:experience' }),
    )

    liveServer.publish('user:3:experience', { experiencePoints: 2, gained: 2 })
    await waitFor(() => expect(figure(region, 'XP aujourd’hui')).toBe('+2'))
    liveServer.publish('badge:3', { badgeId: 'premier-rdv', earnedAt: '2026-11-26T10:00:00.000Z' })
    await waitFor(() => expect(figure(region, 'XP aujourd’hui')).toBe('+22'))
    liveServer.publish('user:3:ongoing-call:update', { callId: 9, status: 'initial' })
    await waitFor(() => expect(figure(region, 'Appels')).toBe('2 dont 1 décroché'))
    expect(reads.count).toBe(4)
  })

  it('is not shown to an administrator, who makes no calls', async () => {
    const reads = myDaySequence([makeMyDay()])
    server.use(signedInAs(makeMe('ADMIN')))
    renderApp('/home')
    expect(await screen.findByText('Bonjour Alice !')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Ma journée' })).toBeNull()
    expect(reads.count).toBe(0)
  })
})
