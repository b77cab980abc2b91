import { describe, expect, it } from 'vitest'
import { teamBareName, teamTitle } from './team-name.ts'

describe('a team’s name in a title', () => {
  it('says « Équipe » once', () => {
    expect(teamTitle('Lyon')).toBe('Équipe Lyon')
    expect(teamTitle('Équipe Lyon')).toBe('Équipe Lyon')
    expect(teamTitle('équipe nantes')).toBe('équipe nantes')
    expect(teamTitle('Équipes')).toBe('Équipe Équipes')
    expect(teamBareName('Équipe Lyon')).toBe('Lyon')
    expect(teamBareName('Lyon')).toBe('Lyon')
  })
})
