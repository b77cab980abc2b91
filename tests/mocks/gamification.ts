// Gamification data for client tests (issue #14): "Ma journée", one agent's progress, a supervisor's
// choices and a team's progress, with the msw handlers that serve them.
import { http, HttpResponse } from 'msw'
import type { BadgeState, Gamification, MyDay, TentacallState } from '../../src/contracts/gamification.ts'
import type { GamificationScope, TeamGamification } from '../../src/contracts/gamification-team.ts'

export function makeMyDay(overrides: Partial<MyDay> = {}): MyDay {
  return {
    day: '2026-11-26',
    callsMade: 0,
    callsReceived: 0,
    answered: 0,
    talkSeconds: 0,
    appointments: 0,
    experiencePointsToday: 0,
    experiencePoints: 0,
    level: { level: 1, levelXp: 0, nextLevelXp: 100, progress: 0 },
    tentacalls: [
      {
        id: 'decroches-consecutifs',
        name: 'Série de décrochés',
        icon: 'phone-forwarded',
        current: 0,
        record: 0,
      },
      { id: 'jours-rdv', name: 'Jours avec RDV', icon: 'calendar-range', current: 0, record: 0 },
      { id: 'rdv-session', name: 'RDV en une session', icon: 'zap', current: 0, record: 0 },
    ],
    recallsDue: 0,
    ...overrides,
  }
}

/** GET /api/user/me/day answers `day`. */
export function myDayIs(day: MyDay) {
  return http.get('*/api/user/me/day', () => HttpResponse.json(day))
}

export const BADGES: BadgeState[] = [
  {
    id: 'premier-appel',
    name: 'Premier contact',
    description: 'Avoir un premier appel décroché.',
    icon: 'phone',
    earnedAt: null,
  },
  {
    id: 'premier-rdv',
    name: 'Premier rendez-vous',
    description: 'Fixer son premier rendez-vous.',
    icon: 'calendar-check',
    earnedAt: null,
  },
  {
    id: 'dix-rdv-jour',
    name: 'Journée en or',
    description: 'Fixer 10 rendez-vous dans la même journée.',
    icon: 'trophy',
    earnedAt: null,
  },
]

export const TENTACALLS: TentacallState[] = [
  {
    id: 'decroches-consecutifs',
    name: 'Série de décrochés',
    description: 'Appels décrochés d’affilée, sans appel manqué entre eux.',
    icon: 'phone-forwarded',
    current: 0,
    record: 0,
    milestones: [5, 10, 25, 50, 75],
    nextMilestone: 5,
    awarded: 0,
  },
]

export function makeGamification(userId: number, overrides: Partial<Gamification> = {}): Gamification {
  return {
    userId,
    experiencePoints: 0,
    level: { level: 1, levelXp: 0, nextLevelXp: 100, progress: 0 },
    badges: BADGES,
    tentacalls: TENTACALLS,
    ...overrides,
  }
}

/** GET /api/gamification/{userId} answers from `byUser` (404 for anyone else), counting the calls. */
export function gamificationIs(byUser: Record<number, Gamification>, calls: number[] = []) {
  return http.get('*/api/gamification/:userId', ({ params }) => {
    const userId = Number(params['userId'])
    // `scope` and `team/…` are other handlers'.
    if (!Number.isInteger(userId)) return undefined
    calls.push(userId)
    const found = byUser[userId]
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'Utilisateur introuvable.' } },
          { status: 404 },
        )
  })
}

export function scopeIs(scope: GamificationScope) {
  return http.get('*/api/gamification/scope', () => HttpResponse.json(scope))
}

export function teamIs(team: TeamGamification) {
  return http.get(`*/api/gamification/team/${team.teamId}`, () => HttpResponse.json(team))
}
