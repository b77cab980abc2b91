import { describe, expect, it, vi } from 'vitest'
import type { AircallNumber } from '../../../src/contracts/call.ts'
import { cachedNumbers, NUMBERS_TTL_MS } from './numbers-cache.ts'

const list: AircallNumber[] = [{ id: 1, name: 'Standard', digits: '+33 1 23 45 67 89' }]

describe('cachedNumbers', () => {
  it('asks the provider once for concurrent and repeated reads within the TTL', async () => {
    const listNumbers = vi.fn(async () => list)
    const numbers = cachedNumbers({ listNumbers })
    const [a, b] = await Promise.all([numbers(), numbers()])
    expect(await numbers()).toEqual(list)
    expect(a).toEqual(list)
    expect(b).toEqual(list)
    expect(listNumbers).toHaveBeenCalledTimes(1)
  })

  it('asks again once the TTL has passed, not before', async () => {
    let now = 1_000
    const listNumbers = vi.fn(async () => list)
    const numbers = cachedNumbers({ listNumbers }, { now: () => now })
    await numbers()
    now += NUMBERS_TTL_MS - 1
    await numbers()
    expect(listNumbers).toHaveBeenCalledTimes(1)
    now += 2
    await numbers()
    expect(listNumbers).toHaveBeenCalledTimes(2)
  })

  it('does not keep a failed fetch', async () => {
    const listNumbers = vi
      .fn<() => Promise<AircallNumber[]>>()
      .mockRejectedValueOnce(new Error('rate limited'))
      .mockResolvedValue(list)
    const numbers = cachedNumbers({ listNumbers })
    await expect(numbers()).rejects.toThrow('rate limited')
    expect(await numbers()).toEqual(list)
    expect(listNumbers).toHaveBeenCalledTimes(2)
  })
})
