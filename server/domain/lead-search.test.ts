import { describe, expect, it } from 'vitest'
import { frenchPhoneToE164, parseSearch } from './lead-search.ts'

describe('lead search input', () => {
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

  it('tells phones, e-mails, ids, uuids and names apart', () => {
    expect(parseSearch('06 12 34 56 78')).toEqual({ kind: 'phone', e164: '+33612345678' })
    expect(parseSearch('Jeanne.Durand@Mail.fr')).toEqual({ kind: 'email', prefix: 'jeanne.durand@mail.fr' })
    expect(parseSearch('1234')).toEqual({ kind: 'id', id: 1234 })
    expect(parseSearch('0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual({
      kind: 'uuid',
      uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
    })
    expect(parseSearch('  Jeanne   Durand ')).toEqual({ kind: 'name', words: ['jeanne', 'durand'] })
  })
})
