import { describe, expect, it } from 'vitest'
import { TARGETS, targetTable, type Target } from './targets.ts'

const TWO: Target[] = [
  { label: 'size', value: (r) => r['size'], kind: 'max', limit: 10, unit: 'KB' },
  { label: 'ratio', value: (r) => r['ratio'], kind: 'min', limit: 0.6, unit: '%' },
]

describe('the table of targets', () => {
  it('says met, missed or not measured for each figure', () => {
    const { lines, missed, unmeasured } = targetTable({ size: 10, ratio: 0.5 }, TWO)
    expect(lines[2]).toBe('| size | 10.0 KB | ≤ 10.0 KB | met |')
    expect(lines[3]).toBe('| ratio | 50.0 % | ≥ 60.0 % | MISSED |')
    expect({ missed, unmeasured }).toEqual({ missed: 1, unmeasured: 0 })
    expect(targetTable({ size: 11 }, TWO)).toMatchObject({ missed: 1, unmeasured: 1 })
  })

  it("holds issue #27's targets (and #29's and #30's), reading the names the benchmarks return", () => {
    const { missed, unmeasured } = targetTable({
      loginJsGzipBytes: 118 * 1024,
      meToBareRatio: 0.61,
      findP95Ms: 40,
      findToBaselineP95Ratio: 1.5,
      findCappedToOpenP95Ratio: 1.1,
      findReleasedToOpenP95Ratio: 1.1,
      searchPostgresFoldedC1P95Ms: 9,
      searchPgliteFoldedC1P95Ms: 19,
      searchPostgresC4P95Ms: 29,
      searchPgliteC4P95Ms: 59,
      liveP95Ms: 49,
      liveToBareRatio: 0.7,
      lighthouseLogin: 0.98,
      lighthouseHome: 0.99,
      lcpLoginMs: 1200,
      lcpHomeMs: 1500,
      warmReloadHomeMs: 250,
      warmReloadApiRequests: 0,
      importFloorP95Ratio: 1.4,
      importFloorP99Ratio: 1.5,
      importFloorRowsPerS: 5_000,
      leadChainMs: 660,
    })
    expect({ missed, unmeasured }).toEqual({ missed: 0, unmeasured: 0 })
    expect(targetTable({}).unmeasured).toBe(TARGETS.length)
  })
})
