// Seeded pseudo-random numbers for the demo seed: the same seed gives the same data on every fresh
// start (issue 2, "The seed is deterministic"). Not for anything security-related.

export type Random = {
  /** Uniform float in [0, 1). */
  next: () => number
  /** Uniform integer in [min, max], both included. */
  int: (min: number, max: number) => number
  chance: (probability: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** Picks a value with probability proportional to its weight. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T
  digits: (count: number) => string
  /** A version-4-shaped UUID built from the generator's bytes. */
  uuid: () => string
}

/** mulberry32: tiny, fast, and good enough spread for demo data. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))

  function pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(next() * items.length)]
    if (item === undefined) throw new Error('pick() needs a non-empty list')
    return item
  }

  function weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = next() * total
    for (const [value, weight] of entries) {
      roll -= weight
      if (roll < 0) return value
    }
    const last = entries.at(-1)
    if (!last) throw new Error('weighted() needs a non-empty list')
    return last[0]
  }

  function uuid(): string {
    const bytes = Array.from({ length: 16 }, () => int(0, 255))
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40 // version 4
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80 // RFC 4122 variant
    const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }

  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted,
    digits: (count) => Array.from({ length: count }, () => int(0, 9)).join(''),
    uuid,
  }
}
