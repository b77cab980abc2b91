import { describe, expect, it } from 'vitest'
import type { CachedSession } from './session-cache.ts'
import { effectiveUser, isLive } from './session-store.ts'

const IDLE_MS = 60 * 60_000
const now = Date.parse('2026-11-25T12:00:00Z')

function entry(overrides: { status?: 'ACTIVE' | 'INACTIVE'; expiresIn?: number; seenAgo?: number } = {}) {
  const { status = 'ACTIVE', expiresIn = 3_600_000, seenAgo = 0 } = overrides
  return {
    session: {
      expiresAt: new Date(now + expiresIn),
      lastSeenAt: new Date(now - seenAgo),
      roleOverride: null,
    },
    user: { id: 1, role: 'TELEOPERATOR', status },
  } as unknown as CachedSession
}

describe('isLive', () => {
  it('holds while the user is active, before the absolute expiry and within the idle timeout', () => {
    expect(isLive(entry(), now, IDLE_MS)).toBe(true)
    expect(isLive(entry({ status: 'INACTIVE' }), now, IDLE_MS)).toBe(false)
    expect(isLive(entry({ expiresIn: 0 }), now, IDLE_MS)).toBe(false)
    expect(isLive(entry({ seenAgo: IDLE_MS }), now, IDLE_MS)).toBe(false)
    expect(isLive(entry({ seenAgo: IDLE_MS - 1 }), now, IDLE_MS)).toBe(true)
  })
})

describe('effectiveUser', () => {
  it('applies the session’s role override, and only to this session’s view of the user', () => {
    const plain = entry()
    expect(effectiveUser(plain)).toBe(plain.user)
    const switched = { ...plain, session: { ...plain.session, roleOverride: 'ADMIN' } } as CachedSession
    expect(effectiveUser(switched).role).toBe('ADMIN')
    expect(plain.user.role).toBe('TELEOPERATOR')
  })
})
