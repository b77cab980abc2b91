import { describe, expect, it } from 'vitest'
import { canOpen, isAllowed, sectionAccess } from './route-access.ts'

describe('route access (spec §6)', () => {
  it('keeps the back office and its neighbours to administrators', () => {
    for (const section of ['backoffice', 'affectationsTeams', 'integration'] as const) {
      expect(isAllowed(sectionAccess[section], 'ADMIN', 'production')).toBe(true)
      expect(isAllowed(sectionAccess[section], 'MANAGER', 'production')).toBe(false)
      expect(isAllowed(sectionAccess[section], 'TELEOPERATOR', 'production')).toBe(false)
    }
  })

  it('opens activity pages, mission assignments, users and extractions to administrators and managers', () => {
    // Issue #31: the display links of their teams' wall screens too.
    for (const section of ['activity', 'affectations', 'users', 'extractions', 'displayLinks'] as const) {
      expect(isAllowed(sectionAccess[section], 'MANAGER', 'production')).toBe(true)
      expect(isAllowed(sectionAccess[section], 'TELEOPERATOR', 'production')).toBe(false)
    }
  })

  it('opens home, lead sheets and the leaderboard to everyone', () => {
    for (const section of ['home', 'lead', 'leaderboard'] as const) {
      expect(isAllowed(sectionAccess[section], 'TELEOPERATOR', 'production')).toBe(true)
    }
  })

  it('opens developer pages outside production only, and not before the environment is known', () => {
    expect(isAllowed(sectionAccess.dev, 'TELEOPERATOR', 'staging')).toBe(true)
    expect(isAllowed(sectionAccess.dev, 'ADMIN', 'production')).toBe(false)
    expect(isAllowed(sectionAccess.dev, 'ADMIN', undefined)).toBe(false)
  })

  it('requires every matched rule; routes without a rule are open', () => {
    const handles = [undefined, { access: sectionAccess.activity }, { other: true }]
    expect(canOpen(handles, 'MANAGER', 'develop')).toBe(true)
    expect(canOpen(handles, 'TELEOPERATOR', 'develop')).toBe(false)
    expect(canOpen([], 'TELEOPERATOR', undefined)).toBe(true)
  })
})
