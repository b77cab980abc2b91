import { describe, expect, it } from 'vitest'
import { frenchPhoneToE164, toE164 } from './phone.ts'

describe('frenchPhoneToE164', () => {
  it('normalises French phone numbers in every common writing to E.164', () => {
    for (const input of [
      '06 12 34 56 78',
      '0612345678',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '+33 6 12 34 56 78',
      '+33612345678',
      '+33 (0)6 12 34 56 78',
      '0033 6 12 34 56 78',
      '33612345678',
    ])
      expect(frenchPhoneToE164(input), input).toBe('+33612345678')
    expect(frenchPhoneToE164('01 23 45 67 89')).toBe('+33123456789')
    expect(frenchPhoneToE164('061234567')).toBeNull()
    expect(frenchPhoneToE164('00 12 34 56 78')).toBeNull()
  })
})

describe('toE164', () => {
  it('normalises Aircall, French and international formats', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678')
    expect(toE164('+33 (0)6 12 34 56 78')).toBe('+33612345678')
    expect(toE164('+1 800-123-4567')).toBe('+18001234567')
    expect(toE164('0044 20 7946 0958')).toBe('+442079460958')
    expect(toE164('06 12 34 56 78')).toBe('+33612345678')
    expect(toE164('06.12.34.56.78')).toBe('+33612345678')
    expect(toE164('0033612345678')).toBe('+33612345678')
    expect(toE164('33612345678')).toBe('+33612345678')
  })

  it('refuses what is not a number', () => {
    for (const value of ['anonymous', '', null, undefined, '12', '+0612345678', '06 12 ab', '0612'])
      expect(toE164(value), String(value)).toBeNull()
  })
})
