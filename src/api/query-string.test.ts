import { describe, expect, it } from 'vitest'
import { withQuery } from './query-string.ts'

describe('withQuery', () => {
  it('appends the parameters in the order given, encoded', () => {
    expect(withQuery('/api/users', { page: 2, search: 'Dupont & fils', archived: false })).toBe(
      '/api/users?page=2&search=Dupont+%26+fils&archived=false',
    )
  })

  it('leaves out the parameters that are unset, and the question mark when none is left', () => {
    expect(withQuery('/api/tags', { search: '', teamId: null, sort: undefined })).toBe('/api/tags')
    expect(withQuery('/api/tags', { search: '', page: 0 })).toBe('/api/tags?page=0')
  })
})
