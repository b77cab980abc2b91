// @both-databases: the search's SQL (extensions, planner).
import { describe, expect, it } from 'vitest'
import { parseSearch } from './search.ts'

describe('lead search input', () => {
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
