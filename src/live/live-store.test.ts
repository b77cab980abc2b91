import { afterEach, describe, expect, it } from 'vitest'
import { liveStore, resetLiveStore, setLiveStatus } from './live-store.ts'

afterEach(resetLiveStore)

describe('liveStore', () => {
  it('starts idle, records the status with its attempt, and resets to idle', () => {
    expect(liveStore).toEqual({ status: 'idle', attempt: 0 })
    setLiveStatus('reconnecting', 3)
    expect(liveStore).toEqual({ status: 'reconnecting', attempt: 3 })
    setLiveStatus('connected')
    expect(liveStore).toEqual({ status: 'connected', attempt: 0 })
    resetLiveStore()
    expect(liveStore).toEqual({ status: 'idle', attempt: 0 })
  })
})
