// The signed-in user as the service worker knows it (issue #5): told by the page (SET_USER after
// sign-in and on every boot, LOGOUT at sign-out) and kept in IndexedDB, because the browser stops an
// idle worker and its memory with it. Reference data is cached under this user's id only.
export type UserStorage = {
  get: () => Promise<number | undefined>
  set: (userId: number) => Promise<void>
  clear: () => Promise<void>
}

export type UserState = {
  /** The user whose reference data may be served; null when nobody (or unknown). */
  current: () => Promise<number | null>
  /** Records the user; true when it differs from the previous one (whose caches must go). */
  set: (userId: number) => Promise<boolean>
  clear: () => Promise<void>
}

export function createUserState(storage: UserStorage): UserState {
  let known: number | null | undefined
  async function current(): Promise<number | null> {
    if (known === undefined) known = (await storage.get().catch(() => undefined)) ?? null
    return known
  }
  return {
    current,
    async set(userId) {
      const previous = await current()
      known = userId
      if (previous !== userId) await storage.set(userId)
      return previous !== userId
    },
    async clear() {
      known = null
      await storage.clear()
    },
  }
}
