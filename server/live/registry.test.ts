import { describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { createLiveRegistry, type LiveClient } from './registry.ts'

function client(userId: number): LiveClient {
  return {
    socket: {} as WebSocket,
    userId,
    role: 'MANAGER',
    sessionId: `s${userId}`,
    sessionIdHash: `h${userId}`,
    lapsesAt: 0,
    channels: new Set(),
    alive: true,
    queue: Promise.resolve(),
    readable: undefined,
    closed: false,
    display: false,
  }
}

// Derived signals (activity, reference data, import progress) reach the followers of a kind of
// channel without walking every socket (issue #27: the fan-out's 13× regression).
describe('live registry: followers of a kind', () => {
  it('holds a socket while it follows at least one channel of the kind', () => {
    const registry = createLiveRegistry()
    const manager = client(1)
    const agent = client(2)
    registry.add(manager)
    registry.add(agent)
    registry.subscribe(manager, 'user:1:activity')
    registry.subscribe(manager, 'user:2:lead:update')
    registry.subscribe(manager, 'user:3:lead:update')
    registry.subscribe(agent, 'user:2:lead:update')
    expect([...registry.followersOf('activity')]).toEqual([manager])
    expect(new Set(registry.followersOf('leadUpdate'))).toEqual(new Set([manager, agent]))

    registry.unsubscribe(manager, 'user:2:lead:update')
    expect(registry.followersOf('leadUpdate').has(manager)).toBe(true)
    registry.unsubscribe(manager, 'user:3:lead:update')
    expect(registry.followersOf('leadUpdate').has(manager)).toBe(false)
    // Unsubscribing twice, or from a channel never followed, changes nothing.
    registry.unsubscribe(agent, 'user:9:lead:update')
    expect([...registry.followersOf('leadUpdate')]).toEqual([agent])
  })

  it('forgets a removed socket in every kind', () => {
    const registry = createLiveRegistry()
    const manager = client(1)
    registry.add(manager)
    registry.subscribe(manager, 'user:1:activity')
    registry.subscribe(manager, 'user:1:reference-data')
    registry.remove(manager)
    expect(registry.followersOf('activity').size).toBe(0)
    expect(registry.followersOf('referenceData').size).toBe(0)
    expect(registry.subscribers('user:1:activity')).toBeUndefined()
  })
})
