// The outbox engine (issue #5) over fake-indexeddb: stored before sent, sent once in order, the
// same id (Idempotency-Key) on every try, across a reload (a new instance over the same database).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, type UseStore } from 'idb-keyval'
import {
  createOutbox,
  type DeferredChange,
  type FailureKind,
  type OutboxDeps,
  type OutboxEntry,
} from './outbox.ts'

class NetworkDown extends Error {}
class Refused extends Error {}
class ServerError extends Error {}

function classify(error: unknown): FailureKind {
  if (error instanceof NetworkDown) return 'wait'
  if (error instanceof ServerError) return 'retry'
  return 'fail'
}

let dbCount = 0
let store: UseStore
let online: boolean
let ids: number

beforeEach(() => {
  dbCount += 1
  store = createStore(`outbox-test-${dbCount}`, 'changes')
  online = true
  ids = 0
})

function comment(leadId: number, text: string, userId = 7): DeferredChange {
  return {
    userId,
    label: { kind: 'lead-comment', leadId },
    method: 'PUT',
    path: `/api/lead/${leadId}/comment`,
    body: { comment: text },
    invalidates: [['leads']],
  }
}

/** One page's outbox; `send` records what reached "the server". */
function page(send: OutboxDeps['send'], extra: Partial<OutboxDeps> = {}) {
  return createOutbox({
    store,
    send,
    classify,
    isOnline: () => online,
    newId: () => `key-${(ids += 1)}`,
    ...extra,
  })
}

function recorder() {
  const sent: { key: string; body: unknown }[] = []
  const send = vi.fn(async (entry: OutboxEntry) => {
    sent.push({ key: entry.id, body: entry.body })
    return { ok: true }
  })
  return { sent, send }
}

describe('the outbox', () => {
  it('sends a change at once when online, and keeps nothing', async () => {
    const { sent, send } = recorder()
    const outbox = page(send)
    expect(await outbox.submit(comment(1, 'a'))).toEqual({ status: 'sent', data: { ok: true } })
    expect(sent).toEqual([{ key: 'key-1', body: { comment: 'a' } }])
    expect(await outbox.pending(7)).toEqual([])
  })

  it('stores a change made offline and replays it once, in order, when the connection returns', async () => {
    const { sent, send } = recorder()
    const onReport = vi.fn()
    const onApplied = vi.fn()
    const outbox = page(send, { onReport, onApplied })
    online = false
    expect(await outbox.submit(comment(1, 'premier'))).toEqual({ status: 'queued' })
    expect(await outbox.submit(comment(1, 'second'))).toEqual({ status: 'queued' })
    expect(send).not.toHaveBeenCalled()
    expect((await outbox.pending(7)).map((e) => e.body)).toEqual([
      { comment: 'premier' },
      { comment: 'second' },
    ])

    online = true
    const report = await outbox.replay(7)
    expect(sent.map((s) => s.body)).toEqual([{ comment: 'premier' }, { comment: 'second' }])
    expect(report.applied).toHaveLength(2)
    expect(onReport).toHaveBeenCalledTimes(1)
    expect(onApplied).toHaveBeenCalledTimes(2)

    await outbox.replay(7)
    expect(send).toHaveBeenCalledTimes(2)
    expect(await outbox.pending(7)).toEqual([])
  })

  it('sends a change again with the same key after a network failure', async () => {
    const keys: string[] = []
    let fail = true
    const outbox = page(async (entry) => {
      keys.push(entry.id)
      if (fail) throw new NetworkDown()
      return 'ok'
    })
    expect(await outbox.submit(comment(1, 'a'))).toEqual({ status: 'queued' })
    fail = false
    await outbox.replay(7)
    expect(keys).toEqual(['key-1', 'key-1'])
    expect(await outbox.pending(7)).toEqual([])
  })

  it('survives a reload: the next page replays what the previous one stored, once', async () => {
    const first = recorder()
    online = false
    await page(first.send).submit(comment(1, 'écrit hors ligne'))

    // A reload: a new module instance over the same IndexedDB.
    online = true
    const second = recorder()
    const reloaded = page(second.send)
    await reloaded.replay(7)
    await reloaded.replay(7)
    expect(first.send).not.toHaveBeenCalled()
    expect(second.sent).toEqual([{ key: 'key-1', body: { comment: 'écrit hors ligne' } }])
  })

  it('keeps a change whose answer was lost with the page, and sends it again with its key', async () => {
    // The first page sent it and was reloaded before the answer: the entry is still stored.
    const inFlight = page(() => new Promise(() => undefined))
    void inFlight.submit(comment(1, 'en vol'))
    await vi.waitFor(async () => expect(await inFlight.pending(7)).toHaveLength(1))

    const { sent, send } = recorder()
    await page(send).replay(7)
    // Same key: the server answers the first request's result instead of applying it twice.
    expect(sent).toEqual([{ key: 'key-1', body: { comment: 'en vol' } }])
  })

  it('reports a refused replay instead of dropping it silently, and goes on with the next', async () => {
    online = false
    const onReport = vi.fn()
    const reporting = page(
      async (entry) => {
        if ((entry.body as { comment: string }).comment === 'refusé') throw new Refused('Lead introuvable.')
        return 'ok'
      },
      { onReport },
    )
    await reporting.submit(comment(1, 'refusé'))
    await reporting.submit(comment(2, 'accepté'))
    online = true
    const report = await reporting.replay(7)
    expect(report.failed).toHaveLength(1)
    expect(report.failed[0]!.entry.body).toEqual({ comment: 'refusé' })
    expect((report.failed[0]!.error as Error).message).toBe('Lead introuvable.')
    expect(report.applied.map((e) => e.body)).toEqual([{ comment: 'accepté' }])
    expect(onReport).toHaveBeenCalledWith(report)
    expect(await reporting.pending(7)).toEqual([])
  })

  it('throws a refusal of the change just submitted to its caller (not to the report)', async () => {
    const onReport = vi.fn()
    const outbox = page(
      async () => {
        throw new Refused('Seul l’utilisateur qui traite ce lead peut modifier son commentaire.')
      },
      { onReport },
    )
    await expect(outbox.submit(comment(1, 'a'))).rejects.toThrow(Refused)
    expect(onReport).not.toHaveBeenCalled()
    expect(await outbox.pending(7)).toEqual([])
  })

  it('keeps a change the server failed on (5xx), counting the attempts, and stops there', async () => {
    const outbox = page(async () => {
      throw new ServerError()
    })
    expect(await outbox.submit(comment(1, 'a'))).toEqual({ status: 'queued' })
    await outbox.replay(7)
    const [entry] = await outbox.pending(7)
    expect(entry?.attempts).toBe(2)
    expect(entry?.id).toBe('key-1')
  })

  it('replays only the given user’s changes', async () => {
    const { sent, send } = recorder()
    online = false
    const outbox = page(send)
    await outbox.submit(comment(1, 'de 7', 7))
    await outbox.submit(comment(1, 'de 8', 8))
    online = true
    await outbox.replay(8)
    expect(sent.map((s) => s.body)).toEqual([{ comment: 'de 8' }])
    expect(await outbox.pending(7)).toHaveLength(1)
  })

  it('never sends a change twice when replays overlap in one page', async () => {
    online = false
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const send = vi.fn(async () => {
      await gate
      return 'ok'
    })
    const outbox = page(send)
    await outbox.submit(comment(1, 'a'))
    online = true
    const both = Promise.all([outbox.replay(7), outbox.replay(7), outbox.replay(7)])
    release()
    await both
    expect(send).toHaveBeenCalledTimes(1)
  })
})
