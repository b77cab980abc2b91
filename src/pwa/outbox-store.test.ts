// Dropping the changes stored offline when a session ends (issue #17), over fake-indexeddb.
import { describe, expect, it } from 'vitest'
import { createStore, keys, set } from 'idb-keyval'
import { dropStoredChanges, storedChangesSettled } from './outbox-store.ts'

let count = 0
function filledStore() {
  count += 1
  const store = createStore(`outbox-store-test-${count}`, 'changes')
  return Promise.all([
    set('a1', { userId: 1, path: '/api/lead/1/comment' }, store),
    set('a2', { userId: 1, path: '/api/lead/2/comment' }, store),
    set('b1', { userId: 2, path: '/api/lead/3/comment' }, store),
  ]).then(() => store)
}

describe('dropping stored changes', () => {
  it('keeps only the given user’s', async () => {
    const store = await filledStore()
    await dropStoredChanges(1, store)
    expect((await keys(store)).sort()).toEqual(['a1', 'a2'])
  })

  it('drops all of them without a user, and the outbox can wait for it', async () => {
    const store = await filledStore()
    void dropStoredChanges(null, store)
    await storedChangesSettled()
    expect(await keys(store)).toEqual([])
  })
})
