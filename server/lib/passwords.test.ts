import { describe, expect, it } from 'vitest'
import { availableParallelism } from 'node:os'
import { hashingQueue, hashPassword, verifyPassword } from './passwords.ts'

const CHEAP = { N: 2 ** 10, r: 8, p: 1 }

describe('password hashing', () => {
  it('verifies with the parameters stored in the hash', async () => {
    const hash = await hashPassword('Secret123!', CHEAP)
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true)
    expect(await verifyPassword('Secret123!', hash)).toBe(true)
    expect(await verifyPassword('secret123!', hash)).toBe(false)
  })

  it('hashes at most one password per CPU at once; a flood waits its turn', async () => {
    const hash = await hashPassword('Secret123!', CHEAP)
    const started = hashingQueue.started
    const flood = Array.from({ length: 12 }, () => verifyPassword('Secret123!', hash))
    expect(hashingQueue.active).toBeLessThanOrEqual(availableParallelism())
    expect(hashingQueue.active + hashingQueue.waiting).toBe(12)
    expect(hashingQueue.waiting).toBeGreaterThan(0)
    expect(await Promise.all(flood)).toEqual(Array.from({ length: 12 }, () => true))
    expect(hashingQueue.started - started).toBe(12)
    expect(hashingQueue.active + hashingQueue.waiting).toBe(0)
  })
})
