import { describe, expect, it } from 'vitest'
import { toE164 } from './phone.ts'

describe('toE164', () => {
  it('normalises Aircall and French formats', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678')
    expect(toE164('+1 800-123-4567')).toBe('+18001234567')
    expect(toE164('06 12 34 56 78')).toBe('+33612345678')
    expect(toE164('06.12.34.56.78')).toBe('+33612345678')
    expect(toE164('0033612345678')).toBe('+33612345678')
    expect(toE164('33612345678')).toBe('+33612345678')
  })

  it('refuses what is not a number', () => {
    for (const value of ['anonymous', '', null, undefined, '12', '+0612345678', '06 12 ab'])
      expect(toE164(value), String(value)).toBeNull()
  })
})
