import { describe, expect, it, vi } from 'vitest'
import { whenLoadedAndIdle } from './when-idle.ts'

function environment(readyState: DocumentReadyState, withIdle = true) {
  const win = Object.assign(new EventTarget(), {
    requestIdleCallback: withIdle
      ? vi.fn((callback: () => void, _options: { timeout: number }) => callback())
      : undefined,
  })
  return { win, doc: { readyState } }
}

describe('whenLoadedAndIdle', () => {
  it('waits for the load event, then for an idle moment', () => {
    const env = environment('interactive')
    const run = vi.fn()
    whenLoadedAndIdle(run, 1000, env)
    expect(run).not.toHaveBeenCalled()
    env.win.dispatchEvent(new Event('load'))
    expect(env.win.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1000 })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('only waits for the next turn once the page has loaded, without requestIdleCallback', () => {
    vi.useFakeTimers()
    try {
      const run = vi.fn()
      whenLoadedAndIdle(run, 1000, environment('complete', false))
      expect(run).not.toHaveBeenCalled()
      vi.runAllTimers()
      expect(run).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
