// The service worker's messages (issue #5) and its record of the signed-in user, as plain functions.
import { describe, expect, it, vi } from 'vitest'
import { handleSwMessage, parseSwMessage, type MessageDeps } from './messages.ts'
import { createUserState, type UserStorage } from './user-state.ts'

function memoryStorage(initial?: number): UserStorage & { value: number | undefined } {
  const storage = {
    value: initial,
    get: async () => storage.value,
    set: async (userId: number) => {
      storage.value = userId
    },
    clear: async () => {
      storage.value = undefined
    },
  }
  return storage
}

function deps(storage = memoryStorage()): MessageDeps & { purgeRuntimeCaches: ReturnType<typeof vi.fn> } {
  return {
    skipWaiting: vi.fn(async () => undefined),
    users: createUserState(storage),
    purgeRuntimeCaches: vi.fn(async () => undefined),
    buildId: 'build-1',
  }
}

describe('parseSwMessage', () => {
  it('reads our messages and ignores the rest', () => {
    expect(parseSwMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' })
    expect(parseSwMessage({ type: 'LOGOUT' })).toEqual({ type: 'LOGOUT' })
    expect(parseSwMessage({ type: 'SET_USER', userId: 3 })).toEqual({ type: 'SET_USER', userId: 3 })
    expect(parseSwMessage({ type: 'SET_USER', userId: '3' })).toBeNull()
    expect(parseSwMessage({ type: 'PUSH_SOMETHING' })).toBeNull()
    expect(parseSwMessage('SKIP_WAITING')).toBeNull()
    expect(parseSwMessage(null)).toBeNull()
  })
})

describe('handleSwMessage', () => {
  it('activates the waiting worker on SKIP_WAITING', async () => {
    const d = deps()
    expect(await handleSwMessage({ type: 'SKIP_WAITING' }, d)).toEqual({ ok: true })
    expect(d.skipWaiting).toHaveBeenCalledTimes(1)
  })

  it('empties the user caches at LOGOUT and forgets the user', async () => {
    const storage = memoryStorage(3)
    const d = deps(storage)
    expect(await handleSwMessage({ type: 'LOGOUT' }, d)).toEqual({ ok: true })
    expect(d.purgeRuntimeCaches).toHaveBeenCalledTimes(1)
    expect(await d.users.current()).toBeNull()
    expect(storage.value).toBeUndefined()
  })

  it('keeps the caches for the same user, empties them when another user signs in', async () => {
    const storage = memoryStorage(3)
    const d = deps(storage)
    await handleSwMessage({ type: 'SET_USER', userId: 3 }, d)
    expect(d.purgeRuntimeCaches).not.toHaveBeenCalled()
    await handleSwMessage({ type: 'SET_USER', userId: 4 }, d)
    expect(d.purgeRuntimeCaches).toHaveBeenCalledTimes(1)
    expect(await d.users.current()).toBe(4)
    expect(storage.value).toBe(4)
  })

  it('remembers the user across a restart of the worker (stored, not only in memory)', async () => {
    const storage = memoryStorage()
    await handleSwMessage({ type: 'SET_USER', userId: 5 }, deps(storage))
    const restarted = createUserState(storage)
    expect(await restarted.current()).toBe(5)
  })

  it('knows nobody when its storage fails', async () => {
    const broken = createUserState({
      get: async () => {
        throw new Error('idb')
      },
      set: async () => undefined,
      clear: async () => undefined,
    })
    expect(await broken.current()).toBeNull()
  })

  it('tells its build', async () => {
    expect(await handleSwMessage({ type: 'GET_BUILD' }, deps())).toEqual({ ok: true, buildId: 'build-1' })
  })
})
