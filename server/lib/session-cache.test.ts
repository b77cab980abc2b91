import { describe, expect, it } from 'vitest'
import { createSessionCache, type CachedSession } from './session-cache.ts'

function entry(userId: number, idHash: string): CachedSession {
  return {
    session: { idHash, userId } as CachedSession['session'],
    user: { id: userId } as CachedSession['user'],
  }
}

describe('createSessionCache', () => {
  it('drops on user-changed only the sessions of that user', () => {
    const cache = createSessionCache()
    cache.remember('a1', entry(1, 'h-a1'))
    cache.remember('a2', entry(1, 'h-a2'))
    cache.remember('b1', entry(2, 'h-b1'))
    cache.dropUser(1)
    expect(cache.get('a1')).toBeUndefined()
    expect(cache.get('a2')).toBeUndefined()
    expect(cache.get('b1')).toBeDefined()
  })

  it('drops on session-changed the session whose id hashes to the signal', () => {
    const cache = createSessionCache()
    cache.remember('a1', entry(1, 'h-a1'))
    cache.remember('a2', entry(1, 'h-a2'))
    cache.dropSession('h-a1')
    expect(cache.get('a1')).toBeUndefined()
    expect(cache.get('a2')).toBeDefined()
    cache.dropAll()
    expect(cache.get('a2')).toBeUndefined()
  })

  it('does not cache a load that raced with an invalidation of its user or of everything', () => {
    const cache = createSessionCache()
    let startedAt = cache.loadStarted()
    cache.dropUser(1)
    cache.rememberLoaded(startedAt, 'a1', entry(1, 'h-a1'))
    expect(cache.get('a1')).toBeUndefined()
    // Another user's invalidation does not concern this load.
    cache.rememberLoaded(startedAt, 'b1', entry(2, 'h-b1'))
    expect(cache.get('b1')).toBeDefined()

    startedAt = cache.loadStarted()
    cache.dropSession('h-unrelated')
    cache.rememberLoaded(startedAt, 'c1', entry(3, 'h-c1'))
    expect(cache.get('c1')).toBeUndefined()

    startedAt = cache.loadStarted()
    cache.rememberLoaded(startedAt, 'c1', entry(3, 'h-c1'))
    expect(cache.get('c1')).toBeDefined()
  })
})
