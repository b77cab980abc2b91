import { describe, expect, it } from 'vitest'
import { contrastWithWhite, formatRatio, hasEnoughContrast } from './color-contrast.ts'

describe('contrast with white text (WCAG 2.x)', () => {
  it('gives the reference ratios', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5)
    expect(contrastWithWhite('#FFFFFF')).toBeCloseTo(1, 5)
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(hasEnoughContrast('#767676')).toBe(true)
    expect(hasEnoughContrast('#777777')).toBe(false)
  })

  it('refuses what is not #RRGGBB and writes ratios the French way, rounded down', () => {
    expect(contrastWithWhite('#fff')).toBeNull()
    expect(contrastWithWhite('bleu')).toBeNull()
    expect(formatRatio(4.499)).toBe('4,49 : 1')
    expect(formatRatio(21)).toBe('21,00 : 1')
  })
})
