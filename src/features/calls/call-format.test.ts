import { describe, expect, it } from 'vitest'
import { callStatusLabel, elapsedSeconds, formatDuration, isRinging } from './call-format.ts'

describe('call display helpers', () => {
  it('formats a duration as mm:ss, minutes counting past an hour', () => {
    expect(formatDuration(0)).toBe('00:00')
    expect(formatDuration(65)).toBe('01:05')
    expect(formatDuration(3725)).toBe('62:05')
    expect(formatDuration(-3)).toBe('00:00')
  })

  it('derives the elapsed seconds from startedAt, or falls back to the server’s count', () => {
    const now = Date.parse('2026-03-02T10:01:05.900Z')
    expect(elapsedSeconds('2026-03-02T10:00:00.000Z', 0, now)).toBe(65)
    expect(elapsedSeconds(null, 12, now)).toBe(12)
    expect(elapsedSeconds('not a date', 12, now)).toBe(12)
  })

  it('labels the statuses in French, unknown ones included', () => {
    expect(callStatusLabel('ringing')).toBe('Sonnerie')
    expect(callStatusLabel('answered')).toBe('En communication')
    expect(callStatusLabel('toString')).toBe('Statut inconnu')
    expect(isRinging('initial')).toBe(true)
    expect(isRinging('answered')).toBe(false)
  })
})
