// A counting semaphore: at most `limit` tasks run at once, the others wait in arrival order, and
// beyond `maxWaiting` waiting a task is refused at once (SemaphoreFullError) rather than queued.
// Used to cap concurrent password hashing (docs/decisions.md, 2026-11-25): no dependency of the
// project offers one, and twenty lines are easier to trust than a new package.

/** Thrown by `run` when every slot is taken and the queue is full: the task never started. */
export class SemaphoreFullError extends Error {
  constructor() {
    super('semaphore queue is full')
    this.name = 'SemaphoreFullError'
  }
}

export type Semaphore = {
  /** Runs the task once a slot is free (the slot is released when it settles), or rejects at once. */
  run: <T>(task: () => Promise<T>) => Promise<T>
  /** Tasks running now. */
  readonly active: number
  /** Tasks waiting for a slot. */
  readonly waiting: number
  /** Tasks started since the process began (observable by tests and metrics). */
  readonly started: number
  /** Tasks refused because the queue was full, since the process began. */
  readonly refused: number
}

export function createSemaphore(limit: number, { maxWaiting = Infinity } = {}): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`semaphore limit must be ≥ 1, got ${limit}`)
  if (!(maxWaiting >= 0)) throw new RangeError(`semaphore maxWaiting must be ≥ 0, got ${maxWaiting}`)
  let refused = 0
  let active = 0
  let started = 0
  const waiters: (() => void)[] = []

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active += 1
    else if (waiters.length >= maxWaiting) {
      refused += 1
      throw new SemaphoreFullError()
    }
    // A finishing task hands its slot over directly, so `active` never drops below a waiter's turn.
    else await new Promise<void>((resolve) => waiters.push(resolve))
    started += 1
    try {
      return await task()
    } finally {
      const next = waiters.shift()
      if (next) next()
      else active -= 1
    }
  }

  return {
    run,
    get active() {
      return active
    },
    get waiting() {
      return waiters.length
    },
    get started() {
      return started
    },
    get refused() {
      return refused
    },
  }
}
