// Text cells as leads store them (docs/domain.md "Lead import"): control characters, spaces, caps.
import { describe, expect, it } from 'vitest'
import { cleanText } from './clean-text.ts'

describe('cleanText', () => {
  it('turns tabs and line breaks into single spaces and drops other control characters in one-line fields', () => {
    expect(cleanText('  12\true\r\nde la\u0000 Paix\u0085  ', { max: 200 })).toBe('12 rue de la Paix')
  })
  it('keeps tabs and line breaks of multi-line fields, CRLF and CR read as LF', () => {
    expect(cleanText(' Rappeler\r\nle soir\rmerci\t!\u0007 ', { max: 200, multiline: true })).toBe(
      'Rappeler\nle soir\nmerci\t!',
    )
  })
  it('cuts at the cap without splitting an emoji in two', () => {
    expect(cleanText('abcdefghij', { max: 4 })).toBe('abcd')
    expect(cleanText('abc😀def', { max: 4 })).toBe('abc')
    expect(cleanText('ab cd', { max: 3 })).toBe('ab')
  })
})
