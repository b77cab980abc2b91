// The persisted query cache (issue #5) over fake-indexeddb: coalesced writes, flush when the page
// hides, restore, buster (build + user) and owner checks, nothing of the current call, wipe at
// sign-out or when another user signs in; the owner and the age of persisted data (issue #17): the
// server's confirmations recorded, another user's or a stale cache never restored.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { createStore, get, set, type UseStore } from 'idb-keyval'
import type { PersistedClient } from '@tanstack/query-persist-client-core'
import { authQueries } from '../api/auth.ts'
import { callQueries } from '../api/calls.ts'
import { createQueryClient } from '../app/query-client.ts'
import { makeMe } from '../../tests/mocks/session.ts'
import { NO_CALL } from '../../tests/mocks/calls.ts'
import { busterFor, NEVER_PERSISTED, PERSIST_MAX_AGE_MS, restorePersistedCache } from './persisted-cache.ts'
import { startQueryPersistence, type Persistence } from './cache-persistence.ts'
import { createIdbPersister } from './query-persister.ts'
import { readSessionRecord, recordSessionConfirmed } from './session-record.ts'
import { server } from '../../tests/mocks/server.ts'
import { signedInAs } from '../../tests/mocks/session.ts'
import { configQueries } from '../api/config.ts'

const teleop = makeMe('TELEOPERATOR')
const manager = makeMe('MANAGER')
const leadKey = ['leads', 'detail', '42']
let dbCount = 0
let store: UseStore
let running: Persistence[] = []

beforeEach(() => {
  dbCount += 1
  store = createStore(`persist-test-${dbCount}`, 'queries')
})
afterEach(() => {
  // A failed assertion under fake timers must not leave them on for the next test.
  vi.useRealTimers()
  for (const persistence of running) persistence.stop()
  running = []
})

/** A localStorage of the test's own for the session record. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}
let recordStorage = memoryStorage()
beforeEach(() => {
  recordStorage = memoryStorage()
})

function start(queryClient: QueryClient, options: Parameters<typeof startQueryPersistence>[1] = {}) {
  const win = new EventTarget()
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
  const persistence = startQueryPersistence(queryClient, {
    store,
    delayMs: 1000,
    win,
    doc,
    recordStorage,
    ...options,
  })
  running.push(persistence)
  return { persistence, win, doc }
}

function stored(): Promise<PersistedClient | undefined> {
  return get<PersistedClient>('client', store)
}

/** Lets the idb-keyval promises (real ones, fake-indexeddb) settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0))
}

function signedIn(me = teleop): QueryClient {
  const queryClient = createQueryClient()
  queryClient.setQueryData(authQueries.me().queryKey, me)
  return queryClient
}

describe('the query persister', () => {
  it('writes at most once a delay, the latest client, and at once on flush', async () => {
    const persister = createIdbPersister({ store, delayMs: 80 })
    const client = (n: number): PersistedClient => ({
      buster: 'b',
      timestamp: n,
      clientState: { queries: [], mutations: [] },
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    persister.persistClient(client(1))
    await vi.advanceTimersByTimeAsync(20)
    persister.persistClient(client(2))
    expect(await stored()).toBeUndefined()
    // Throttled, not debounced: the write comes 80 ms after the first change, with the latest.
    await vi.advanceTimersByTimeAsync(100)
    vi.useRealTimers()
    expect((await stored())?.timestamp).toBe(2)

    persister.persistClient(client(3))
    await persister.flush()
    expect((await stored())?.timestamp).toBe(3)
  })

  it('drops a pending write on cancel and refuses what `accept` rejects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const persister = createIdbPersister({ store, delayMs: 10, accept: (c) => c.buster === 'ok' })
    persister.persistClient({ buster: 'ok', timestamp: 1, clientState: { queries: [], mutations: [] } })
    persister.cancel()
    await vi.advanceTimersByTimeAsync(30)
    vi.useRealTimers()
    expect(await stored()).toBeUndefined()
    persister.persistClient({ buster: 'other', timestamp: 2, clientState: { queries: [], mutations: [] } })
    await persister.flush()
    expect(await stored()).toBeUndefined()
  })
})

describe('saving and restoring', () => {
  it('saves the signed-in user’s successful queries, but never the current call', async () => {
    const queryClient = signedIn()
    queryClient.setQueryData(leadKey, { id: 42, firstName: 'Jean' })
    queryClient.setQueryData(callQueries.ongoing().queryKey, NO_CALL)
    const { persistence } = start(queryClient)
    await settle()
    await persistence.flush()
    const client = await stored()
    expect(client?.buster).toBe(busterFor(teleop.id))
    const keys = client?.clientState.queries.map((q) => q.queryKey)
    expect(keys).toContainEqual(leadKey)
    expect(keys).toContainEqual(authQueries.me().queryKey)
    expect(keys).not.toContainEqual(callQueries.ongoing().queryKey)
    expect(await get('owner', store)).toBe(teleop.id)
  })

  it('writes the pending save when the page hides (pagehide or visibility hidden)', async () => {
    const queryClient = signedIn()
    const { win, doc } = start(queryClient, { delayMs: 60_000 })
    await settle()
    queryClient.setQueryData(leadKey, { id: 42, firstName: 'Avant' })
    win.dispatchEvent(new Event('pagehide'))
    await settle()
    expect((await stored())?.clientState.queries.some((q) => q.queryKey[2] === '42')).toBe(true)

    queryClient.setQueryData(leadKey, { id: 42, firstName: 'Caché' })
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    await settle()
    const lead = (await stored())?.clientState.queries.find((q) => q.queryKey[2] === '42')
    expect(lead?.state.data).toEqual({ id: 42, firstName: 'Caché' })
  })

  it('restores into a new page before anything fetches, marked stale', async () => {
    const before = signedIn()
    before.setQueryData(leadKey, { id: 42, firstName: 'Jean' })
    const { persistence } = start(before)
    await settle()
    await persistence.flush()

    const after = createQueryClient()
    expect(await restorePersistedCache(after, { store })).toBe(teleop.id)
    expect(after.getQueryData(authQueries.me().queryKey)).toEqual(teleop)
    expect(after.getQueryData(leadKey)).toEqual({ id: 42, firstName: 'Jean' })
    expect(after.getQueryState(leadKey)?.isInvalidated).toBe(true)
  })

  it('discards a cache written by another build (buster) or older than 24 h', async () => {
    const before = signedIn()
    before.setQueryData(leadKey, { id: 42 })
    start(before, { buildId: 'build-1' })
    await settle()
    await running[0]!.flush()

    const otherBuild = createQueryClient()
    expect(await restorePersistedCache(otherBuild, { store, buildId: 'build-2' })).toBeNull()
    expect(otherBuild.getQueryData(leadKey)).toBeUndefined()
    expect(await stored()).toBeUndefined()

    await set('owner', teleop.id, store)
    await set(
      'client',
      {
        buster: busterFor(teleop.id, 'build-1'),
        timestamp: Date.now() - PERSIST_MAX_AGE_MS - 1,
        clientState: { queries: [], mutations: [] },
      },
      store,
    )
    expect(await restorePersistedCache(createQueryClient(), { store, buildId: 'build-1' })).toBeNull()
  })

  it('never restores data whose `me` is not the recorded owner', async () => {
    const before = signedIn(manager)
    before.setQueryData(leadKey, { id: 42 })
    start(before)
    await settle()
    await running[0]!.flush()
    // The owner key says teleop, the data is the manager's (a tampered or half-written store).
    await set('owner', teleop.id, store)
    const client = await stored()
    await set('client', { ...client, buster: busterFor(teleop.id) }, store)

    const after = createQueryClient()
    expect(await restorePersistedCache(after, { store })).toBeNull()
    expect(after.getQueryData(leadKey)).toBeUndefined()
    expect(after.getQueryData(authQueries.me().queryKey)).toBeUndefined()
  })

  it('gives up after the timeout when IndexedDB does not answer', async () => {
    const hanging = (() => new Promise(() => undefined)) as unknown as UseStore
    const queryClient = createQueryClient()
    expect(await restorePersistedCache(queryClient, { store: hanging, timeoutMs: 20 })).toBeNull()
  })

  it('never saves the calls root, whatever created its queries', () => {
    expect(NEVER_PERSISTED).toContainEqual(callQueries.all())
  })

  it('keeps restored data at least as long as its max age (gcTime)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS)
  })
})

describe('the end of a session', () => {
  it('wipes the saved cache at sign-out and tells the hooks', async () => {
    const onSignedOut = vi.fn()
    const onSignedIn = vi.fn()
    const queryClient = signedIn()
    queryClient.setQueryData(leadKey, { id: 42 })
    const { persistence } = start(queryClient, { onSignedIn, onSignedOut })
    // No record of an earlier session of theirs: changes stored offline would not be kept.
    expect(onSignedIn).toHaveBeenCalledWith(teleop.id, false)
    await settle()
    await persistence.flush()
    expect(await stored()).toBeDefined()

    // What replaceSession(null) does at sign-out (here or followed from another tab).
    queryClient.setQueryData(authQueries.me().queryKey, null)
    queryClient.removeQueries({ queryKey: ['leads'] })
    await settle()
    expect(onSignedOut).toHaveBeenCalledTimes(1)
    expect(await stored()).toBeUndefined()
    expect(await get('owner', store)).toBeUndefined()
    // Nothing is written for nobody afterwards.
    await persistence.flush()
    expect(await stored()).toBeUndefined()
    expect(await restorePersistedCache(createQueryClient(), { store })).toBeNull()
  })

  it('starts a new cache when another user replaces the first', async () => {
    const queryClient = signedIn()
    queryClient.setQueryData(leadKey, { id: 42, secret: 'du téléopérateur' })
    const { persistence } = start(queryClient)
    await settle()
    await persistence.flush()

    queryClient.removeQueries({ queryKey: ['leads'] })
    queryClient.setQueryData(authQueries.me().queryKey, manager)
    await settle()
    await persistence.flush()
    const client = await stored()
    expect(client?.buster).toBe(busterFor(manager.id))
    expect(client?.clientState.queries.map((q) => q.queryKey)).not.toContainEqual(leadKey)
    expect(await get('owner', store)).toBe(manager.id)
  })
})

describe('the owner and the age of persisted data (issue #17)', () => {
  it('records when the server confirms the session, never for a `me` restored from IndexedDB', async () => {
    const queryClient = signedIn()
    queryClient.setQueryData(configQueries.app().queryKey, {
      appEnv: 'develop',
      version: 'test',
      sentryDsn: null,
      sessionIdleMinutes: 30,
    })
    start(queryClient)
    expect(readSessionRecord(recordStorage)).toBeNull()
    // An optimistic change of the user's own data (a preference, maybe offline) confirms nothing.
    queryClient.setQueryData(authQueries.me().queryKey, structuredClone(teleop))
    expect(readSessionRecord(recordStorage)).toBeNull()

    server.use(signedInAs(teleop))
    const before = Date.now()
    await queryClient.fetchQuery({ ...authQueries.me(), staleTime: 0 })
    const record = readSessionRecord(recordStorage)
    expect(record).toMatchObject({ userId: teleop.id, idleMs: 30 * 60_000 })
    expect(record?.confirmedAt).toBeGreaterThanOrEqual(before)
  })

  it('records at start when the server’s page named the user, and at a sign-in', () => {
    const queryClient = signedIn()
    start(queryClient, { confirmedAtStart: true })
    expect(readSessionRecord(recordStorage)?.userId).toBe(teleop.id)
    // What the login form's success does (replaceSession).
    queryClient.setQueryData(authQueries.me().queryKey, manager)
    expect(readSessionRecord(recordStorage)?.userId).toBe(manager.id)
  })

  it('says whether the signed-in user keeps their changes stored offline', async () => {
    const onSignedIn = vi.fn()
    recordSessionConfirmed(teleop.id, 60_000, Date.now(), recordStorage)
    const queryClient = signedIn()
    start(queryClient, { onSignedIn })
    expect(onSignedIn).toHaveBeenLastCalledWith(teleop.id, true)

    // The session lapsed (401), then another user signs in at this desk.
    queryClient.setQueryData(authQueries.me().queryKey, null)
    queryClient.setQueryData(authQueries.me().queryKey, manager)
    expect(onSignedIn).toHaveBeenLastCalledWith(manager.id, false)
    // The first one again, but the record is now the manager's: their stored changes are gone.
    queryClient.setQueryData(authQueries.me().queryKey, null)
    queryClient.setQueryData(authQueries.me().queryKey, teleop)
    expect(onSignedIn).toHaveBeenLastCalledWith(teleop.id, false)
    await settle()
  })

  it('restores only the data of the user the start allows, and drops the rest from IndexedDB', async () => {
    const before = signedIn()
    before.setQueryData(leadKey, { id: 42, firstName: 'Jean' })
    const { persistence } = start(before)
    await settle()
    await persistence.flush()

    // The server names another user: nothing of the first shows, nor stays.
    const other = createQueryClient()
    expect(await restorePersistedCache(other, { store, expectedOwner: manager.id })).toBeNull()
    expect(other.getQueryData(leadKey)).toBeUndefined()
    expect(other.getQueryData(authQueries.me().queryKey)).toBeUndefined()
    expect(await stored()).toBeUndefined()
    expect(await get('owner', store)).toBeUndefined()
  })

  it('drops a stale cache (or the server saying nobody) before anything is restored', async () => {
    const before = signedIn()
    before.setQueryData(leadKey, { id: 42 })
    const { persistence } = start(before)
    await settle()
    await persistence.flush()

    const after = createQueryClient()
    expect(await restorePersistedCache(after, { store, expectedOwner: null })).toBeNull()
    expect(after.getQueryData(leadKey)).toBeUndefined()
    expect(await stored()).toBeUndefined()
  })

  it('keeps the same user’s data when the server confirms them or says nothing (offline)', async () => {
    const before = signedIn()
    before.setQueryData(leadKey, { id: 42, firstName: 'Jean' })
    const { persistence } = start(before)
    await settle()
    await persistence.flush()

    const after = createQueryClient()
    expect(await restorePersistedCache(after, { store, expectedOwner: teleop.id })).toBe(teleop.id)
    expect(after.getQueryData(leadKey)).toEqual({ id: 42, firstName: 'Jean' })
  })
})
