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
    // Typed without the accent, or with a combining one.
    expect(teamTitle('Equipe Lyon')).toBe('Equipe Lyon')
    expect(teamTitle('EQUIPE LYON')).toBe('EQUIPE LYON')
    expect(teamTitle('E\u0301quipe Lyon')).toBe('E\u0301quipe Lyon')
    expect(teamBareName('Equipe Lyon')).toBe('Lyon')
    expect(teamTitle('Equipement')).toBe('Équipe Equipement')
  })
})
