import { describe, expect, it } from 'vitest'
import { createSemaphore } from './semaphore.ts'

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

  it('refuses a limit below one', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError)
  })
})
