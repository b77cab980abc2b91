import { describe, expect, it } from 'vitest'
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from './live-schedule.ts'

describe('reconnectDelay', () => {
  it('is 2 s × attempt without jitter (random 0.5)', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, () => 0.5))).toEqual([
      2000, 4000, 6000, 8000, 10_000,
    ])
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5)
  })

  it('stays within ±10 % of 2 s × attempt, so successive attempts never swap places', () => {
    const samples = [0, 0.001, 0.25, 0.5, 0.75, 0.999, 0.999_999]
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt += 1) {
      const delays = samples.map((random) => reconnectDelay(attempt, () => random))
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(2000 * attempt * 0.9)
      expect(Math.max(...delays)).toBeLessThanOrEqual(2000 * attempt * 1.1)
      if (attempt > 1)
        expect(Math.min(...delays)).toBeGreaterThan(reconnectDelay(attempt - 1, () => 0.999_999))
    }
  })

  it('spreads workstations: different random draws give different delays', () => {
    const delays = new Set([0.1, 0.3, 0.6, 0.9].map((random) => reconnectDelay(1, () => random)))
    expect(delays.size).toBe(4)
  })
})
