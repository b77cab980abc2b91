// The markets of an import's mission, indexed once per import (docs/domain.md "Lead import"): by id,
// by folded name (market mode "column") and by postal-code prefix (mode "postalCode": the longest
// prefix that starts the postal code wins), so each of 100,000 rows costs a few map lookups.
import { foldHeader } from '../../../src/contracts/import-headers.ts'

export type ImportMarket = { id: number; name: string; postalCodePrefixes: string[] }

export type MarketIndex = {
  ids: Set<number>
  /** A market's id from its id written as digits, or its name (case, accents, punctuation ignored). */
  byName: (value: string) => number | null
  /** The markets whose longest matching prefix is the longest of all (one unless two markets share it). */
  byPostalCode: (postalCode: string) => number[]
}

const cache = new WeakMap<ImportMarket[], MarketIndex>()

function buildIndex(markets: ImportMarket[]): MarketIndex {
  const ids = new Set(markets.map((market) => market.id))
  const names = new Map<string, number>()
  const prefixes = new Map<string, Set<number>>()
  for (const market of markets) {
    const folded = foldHeader(market.name)
    if (!names.has(folded)) names.set(folded, market.id)
    for (const prefix of market.postalCodePrefixes) {
      const key = prefix.toUpperCase()
      prefixes.set(key, (prefixes.get(key) ?? new Set()).add(market.id))
    }
  }
  const lengths = [...new Set([...prefixes.keys()].map((prefix) => prefix.length))].sort((a, b) => b - a)
  return {
    ids,
    byName(value) {
      const trimmed = value.trim()
      if (/^\d+$/.test(trimmed) && ids.has(Number(trimmed))) return Number(trimmed)
      return names.get(foldHeader(trimmed)) ?? null
    },
    byPostalCode(postalCode) {
      const code = postalCode.toUpperCase()
      for (const length of lengths) {
        const found = prefixes.get(code.slice(0, length))
        if (found && length <= code.length) return [...found]
      }
      return []
    },
  }
}

export function marketIndexOf(markets: ImportMarket[]): MarketIndex {
  let index = cache.get(markets)
  if (!index) {
    index = buildIndex(markets)
    cache.set(markets, index)
  }
  return index
}
