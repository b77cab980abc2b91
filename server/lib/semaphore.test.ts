import { describe, expect, it } from 'vitest'
import { createSemaphore, SemaphoreFullError } from './semaphore.ts'

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once and queues the rest in arrival order', async () => {
    const semaphore = createSemaphore(2)
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const order: number[] = []
    const runs = gates.map((gate, i) =>
      semaphore.run(async () => {
        order.push(i)
        await gate.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(order).toEqual([0, 1])
    expect(semaphore.active).toBe(2)
    expect(semaphore.waiting).toBe(2)

    gates[1]!.resolve()
    await expect(runs[1]).resolves.toBe(1)
    await Promise.resolve()
    expect(order).toEqual([0, 1, 2])
    expect(semaphore.waiting).toBe(1)

    gates[0]!.resolve()
    gates[2]!.resolve()
    gates[3]!.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect(order).toEqual([0, 1, 2, 3])
    expect(semaphore.active).toBe(0)
    expect(semaphore.started).toBe(4)
  })

  it('frees the slot of a task that fails', async () => {
    const semaphore = createSemaphore(1)
    const failing = semaphore.run(() => Promise.reject(new Error('boom')))
    const next = semaphore.run(() => Promise.resolve('next'))
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe('next')
    expect(semaphore.active).toBe(0)
    expect(semaphore.waiting).toBe(0)
  })

  it('refuses a task at once beyond `maxWaiting` waiting, and admits again once the queue moves', async () => {
    const semaphore = createSemaphore(1, { maxWaiting: 2 })
    const gates = [deferred(), deferred(), deferred()]
    const ran: number[] = []
    const admitted = gates.map((gate, i) =>
      semaphore.run(async () => {
        ran.push(i)
        await gate.promise
        return i
      }),
    )
    expect(semaphore.active).toBe(1)
    expect(semaphore.waiting).toBe(2)

    const overflow = semaphore.run(() => Promise.resolve('never'))
    await expect(overflow).rejects.toBeInstanceOf(SemaphoreFullError)
    expect(semaphore.refused).toBe(1)
    // The refusal changed nothing for the others: same queue, nothing started in its place.
    expect(semaphore.waiting).toBe(2)
    expect(ran).toEqual([0])

    gates[0]!.resolve()
    await expect(admitted[0]).resolves.toBe(0)
    expect(semaphore.waiting).toBe(1)
    const later = semaphore.run(() => Promise.resolve(3))
    expect(semaphore.waiting).toBe(2)

    gates[1]!.resolve()
    gates[2]!.resolve()
    expect(await Promise.all([...admitted, later])).toEqual([0, 1, 2, 3])
    expect(semaphore.active).toBe(0)
    expect(semaphore.waiting).toBe(0)
    expect(semaphore.started).toBe(4)
    expect(semaphore.refused).toBe(1)
  })

  it('with `maxWaiting` 0, runs up to `limit` tasks and refuses the next', async () => {
    const semaphore = createSemaphore(2, { maxWaiting: 0 })
    const gate = deferred()
    const running = [semaphore.run(() => gate.promise), semaphore.run(() => gate.promise)]
    await expect(semaphore.run(() => gate.promise)).rejects.toBeInstanceOf(SemaphoreFullError)
    gate.resolve()
    await Promise.all(running)
    await expect(semaphore.run(() => Promise.resolve('free'))).resolves.toBe('free')
  })

  it('refuses a limit below one, and a negative queue size', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError)
    expect(() => createSemaphore(1, { maxWaiting: -1 })).toThrow(RangeError)
  })
})
