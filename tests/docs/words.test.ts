// Issue #28 point 6: the docs a newcomer reads (the map, the decisions, the rules) stay readable in an
// hour: together at most 20,000 words, counted as `wc -w` does. The archive of superseded decisions
// does not count. A rule added means another made shorter.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const DOCS = ['architecture.md', 'decisions.md', 'domain.md']
const LIMIT = 20_000

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

describe('the docs a newcomer reads', () => {
  it(`hold at most ${LIMIT.toLocaleString('en')} words together`, () => {
    const counts = DOCS.map((name) =>
      words(readFileSync(path.join(import.meta.dirname, '../../docs', name), 'utf8')),
    )
    expect(counts.every((count) => count > 500)).toBe(true)
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(LIMIT)
  })

  it('keep the map short', () => {
    const map = readFileSync(path.join(import.meta.dirname, '../../docs/architecture.md'), 'utf8')
    expect(words(map)).toBeLessThanOrEqual(2_500)
  })
})
