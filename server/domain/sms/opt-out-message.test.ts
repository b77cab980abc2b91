import { describe, expect, it } from 'vitest'
import { optOutMessage } from './send.ts'

describe('the refusal of an SMS to an opted-out number', () => {
  it('writes its day as every date of the product, the first of the month as « 1er » (issue #31)', () => {
    expect(optOutMessage(new Date('2026-12-01T08:00:00Z'))).toContain('(STOP reçu le 1er décembre 2026)')
    expect(optOutMessage(new Date('2026-12-02T08:00:00Z'))).toContain('(STOP reçu le 2 décembre 2026)')
  })
})
