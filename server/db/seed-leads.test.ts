import { describe, expect, it } from 'vitest'
import { buildLeads, seedAnchor } from './seed-leads.ts'

const DAY = 24 * 60 * 60_000
const markets = [{ id: 1, missionId: 1, region: 'IDF' as const, stepCount: 3 }]

// The demo's dates follow the clock by whole weeks (issue #25): a fixed anchor expired every demo
// lead a few months after it, and the tests on the demo with it.
describe('seed anchor', () => {
  it('is a Monday 08:00 UTC two to three weeks before the seeding, whatever the date', () => {
    for (const at of [
      '2026-12-01T09:30:00Z',
      '2027-02-26T16:45:00Z',
      '2027-08-14T07:10:00Z',
      '2030-01-01T00:00:00Z',
    ]) {
      const now = Date.parse(at)
      const anchor = seedAnchor(now)
      expect(anchor.getUTCDay()).toBe(1)
      expect(anchor.toISOString().slice(11)).toBe('08:00:00.000Z')
      expect(now - anchor.getTime()).toBeGreaterThanOrEqual(14 * DAY)
      expect(now - anchor.getTime()).toBeLessThan(21 * DAY)
    }
  })

  it('never goes before the first anchor', () => {
    expect(seedAnchor(Date.parse('2026-11-05T00:00:00Z')).toISOString()).toBe('2026-11-02T08:00:00.000Z')
  })

  it('gives the same rows all week, and the same people whatever the week', () => {
    const monday = seedAnchor(Date.parse('2027-03-01T09:00:00Z'))
    const sunday = seedAnchor(Date.parse('2027-03-07T22:00:00Z'))
    expect(sunday).toEqual(monday)
    expect(buildLeads(markets, 50, monday)).toEqual(buildLeads(markets, 50, sunday))
    const later = buildLeads(markets, 50, seedAnchor(Date.parse('2027-09-01T09:00:00Z')))
    const people = (rows: typeof later) =>
      rows.map(({ uuid, firstName, lastName, phone, status }) => [uuid, firstName, lastName, phone, status])
    expect(people(later)).toEqual(people(buildLeads(markets, 50, monday)))
  })
})
