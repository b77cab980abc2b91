// A sign-out made offline is sent to the server once it can be reached (issue #17).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportServerReachable, reportServerUnreachable } from '../stores/connectivity.ts'
import {
  clearSignOutPending,
  isSignOutPending,
  markSignOutPending,
  startPendingSignOut,
} from './pending-sign-out.ts'

let stop: () => void = () => undefined
afterEach(() => {
  stop()
  clearSignOutPending()
})

describe('a pending sign-out', () => {
  it('waits for the connection, then is sent once and forgotten', async () => {
    markSignOutPending()
    reportServerUnreachable()
    const send = vi.fn(() => Promise.resolve())
    stop = startPendingSignOut(send)
    expect(send).not.toHaveBeenCalled()

    reportServerReachable()
    await vi.waitFor(() => expect(isSignOutPending()).toBe(false))
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('stays pending when the sign-out fails, and nothing is sent without one', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('réseau')))
    stop = startPendingSignOut(failing)
    expect(failing).not.toHaveBeenCalled()
    stop()

    markSignOutPending()
    stop = startPendingSignOut(failing)
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1))
    expect(isSignOutPending()).toBe(true)
  })

  it('is forgotten when the server answers 401: it has no session left to end', async () => {
    markSignOutPending()
    reportServerReachable()
    const gone = vi.fn(() => Promise.reject(Object.assign(new Error('Non connecté'), { status: 401 })))
    stop = startPendingSignOut(gone)
    await vi.waitFor(() => expect(isSignOutPending()).toBe(false))
    expect(gone).toHaveBeenCalledTimes(1)
  })
})
