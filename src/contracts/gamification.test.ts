import { describe, expect, it } from 'vitest'
import { LEVEL_STEP_BEYOND, LEVEL_THRESHOLDS, levelOf } from './gamification.ts'

describe('levelOf', () => {
  it('starts at level 1 with no experience', () => {
    expect(levelOf(0)).toEqual({ level: 1, levelXp: 0, nextLevelXp: 100, progress: 0 })
    expect(levelOf(-20).level).toBe(1)
  })

  it('moves up exactly at each threshold, with the progress towards the next', () => {
    expect(levelOf(99)).toMatchObject({ level: 1, progress: 0.99 })
    expect(levelOf(100)).toEqual({ level: 2, levelXp: 100, nextLevelXp: 250, progress: 0 })
    expect(levelOf(175)).toMatchObject({ level: 2, progress: 0.5 })
    LEVEL_THRESHOLDS.forEach((threshold, i) => expect(levelOf(threshold).level).toBe(i + 1))
  })

  it('beyond the last threshold, one level per step', () => {
    const last = LEVEL_THRESHOLDS.at(-1)!
    expect(levelOf(last)).toMatchObject({ level: 10, nextLevelXp: last + LEVEL_STEP_BEYOND })
    expect(levelOf(last + LEVEL_STEP_BEYOND * 2 + 1)).toMatchObject({ level: 12 })
  })
})
