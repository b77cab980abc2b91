import { describe, expect, it } from 'vitest'
import { recallChoiceOf } from './recall-picker.tsx'

describe('recallChoiceOf', () => {
  it('reads the Paris wall clock of a proposal, on an ordinary day', () => {
    expect(recallChoiceOf(new Date('2026-12-01T13:30:00Z'))).toEqual({
      recallDate: '2026-12-01',
      recallTime: String(14 * 60 + 30),
    })
  })

  it('keeps the wall-clock time on the day clocks go forward (not the time elapsed since midnight)', () => {
    // 29 March 2026, 10:00 in Paris: nine hours after midnight, but the picker's 10:00.
    expect(recallChoiceOf(new Date('2026-03-29T08:00:00Z'))).toEqual({
      recallDate: '2026-03-29',
      recallTime: String(10 * 60),
    })
  })
})
