// The page's side of a notification click (issue #5): the worker's request is obeyed through the
// router and acknowledged, and only for paths of the app.
import { describe, expect, it, vi } from 'vitest'
import { NAVIGATE_MESSAGE } from '../sw/alert-notification.ts'
import { listenForAlertNavigation } from './alert-navigation.ts'

function fakeContainer() {
  const target = new EventTarget()
  return Object.assign(target, { startMessages: vi.fn() }) as unknown as ServiceWorkerContainer
}

function deliver(container: ServiceWorkerContainer, data: unknown) {
  const channel = new MessageChannel()
  const acknowledged = new Promise<unknown>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data)
  })
  container.dispatchEvent(new MessageEvent('message', { data, ports: [channel.port2] }))
  return { acknowledged, channel }
}

describe('alert navigation', () => {
  it('navigates through the router and acknowledges', async () => {
    const navigate = vi.fn()
    const container = fakeContainer()
    const stop = listenForAlertNavigation(navigate, container)
    expect(container.startMessages).toHaveBeenCalled()
    const { acknowledged } = deliver(container, { type: NAVIGATE_MESSAGE, url: '/lead/abc' })
    expect(await acknowledged).toBe(true)
    expect(navigate).toHaveBeenCalledWith('/lead/abc')
    stop()
    deliver(container, { type: NAVIGATE_MESSAGE, url: '/home' })
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('ignores other messages and anything that is not a path of the app', () => {
    const navigate = vi.fn()
    const container = fakeContainer()
    listenForAlertNavigation(navigate, container)
    deliver(container, { type: 'SKIP_WAITING' })
    deliver(container, { type: NAVIGATE_MESSAGE, url: 'https://evil.example/' })
    deliver(container, { type: NAVIGATE_MESSAGE, url: '//evil.example/' })
    deliver(container, 'navigate')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('does nothing where there is no service worker support', () => {
    expect(() => listenForAlertNavigation(vi.fn(), undefined)()).not.toThrow()
  })
})
