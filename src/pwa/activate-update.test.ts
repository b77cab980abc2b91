// Applying a waiting version: one reload, whichever of the browser's events comes first.
import { describe, expect, it, vi } from 'vitest'
import { activateWaitingVersion } from './activate-update.ts'

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed'
  readonly postMessage = vi.fn()
  becomes(state: ServiceWorkerState): void {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

function environment(waiting: FakeWorker | null, controlled = true) {
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
  })
  const reload = vi.fn()
  const env = {
    container,
    getRegistration: () => Promise.resolve({ waiting: waiting as unknown as ServiceWorker | null }),
    reload,
  }
  return { env, container, reload }
}

describe('activateWaitingVersion', () => {
  it('asks the waiting worker to skip waiting and reloads once it controls the page', async () => {
    const worker = new FakeWorker()
    const { env, container, reload } = environment(worker)
    await activateWaitingVersion(env)
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(reload).not.toHaveBeenCalled()

    container.dispatchEvent(new Event('controllerchange'))
    worker.becomes('activated')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads a page no worker controls once the new one is activated', async () => {
    const worker = new FakeWorker()
    const { env, reload } = environment(worker, false)
    await activateWaitingVersion(env)
    worker.becomes('activating')
    expect(reload).not.toHaveBeenCalled()
    worker.becomes('activated')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads at once when the worker the registration names has already moved on', async () => {
    for (const state of ['activated', 'redundant'] as const) {
      const worker = new FakeWorker()
      worker.state = state
      const { env, reload } = environment(worker)
      await activateWaitingVersion(env)
      expect(worker.postMessage).not.toHaveBeenCalled()
      expect(reload).toHaveBeenCalledTimes(1)
    }
  })

  it('reloads at once when the controller changed before the registration answered', async () => {
    const worker = new FakeWorker()
    const { env, container, reload } = environment(worker)
    env.getRegistration = () => {
      container.controller = {} as ServiceWorker
      return Promise.resolve({ waiting: worker as unknown as ServiceWorker })
    }
    await activateWaitingVersion(env)
    expect(worker.postMessage).not.toHaveBeenCalled()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads at once when nothing waits any more (activated from another tab)', async () => {
    const { env, reload } = environment(null)
    await activateWaitingVersion(env)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
