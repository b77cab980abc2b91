import { beforeEach, describe, expect, it } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { makeMe } from '../../tests/mocks/session.ts'
import { authQueries } from '../api/auth.ts'
import { createQueryClient } from '../app/query-client.ts'
import type { Me } from '../contracts/user.ts'
import { channelsFor, followSubscriptions, type SubscriptionTarget } from './live-subscriptions.ts'

const meKey = authQueries.me().queryKey
const own = ['user:3:lead:update', 'user:3:ongoing-call:update', 'user:3:experience', 'user:3:reference-data']

/** Records what the controller asked, like the live client's wanted set. */
function recordingTarget() {
  const calls: string[] = []
  const wanted = new Set<string>()
  const target: SubscriptionTarget = {
    subscribe: (channel) => {
      calls.push(`+${channel}`)
      wanted.add(channel)
    },
    unsubscribe: (channel) => {
      calls.push(`-${channel}`)
      wanted.delete(channel)
    },
  }
  return { target, calls, wanted }
}

function teleoperator(preferences: Partial<Me['preferences']>): Me {
  return makeMe('TELEOPERATOR', {
    id: 3,
    preferences: { tour: false, badges: true, tentacalls: true, ...preferences },
  })
}

let queryClient: QueryClient

beforeEach(() => {
  queryClient = createQueryClient()
})

describe('channelsFor', () => {
  it('adds every import’s progress for administrators only (issue #13)', () => {
    const admin = makeMe('ADMIN', { id: 1, preferences: { tour: false, badges: false, tentacalls: false } })
    expect(channelsFor(admin)).toContain('user:1:importProgress')
    expect(channelsFor(teleoperator({}))).not.toContain('user:3:importProgress')
  })

  it('adds their agents’ activity for managers and administrators only (issue #14)', () => {
    const off = { tour: false, badges: false, tentacalls: false }
    expect(channelsFor(makeMe('ADMIN', { id: 1, preferences: off }))).toContain('user:1:activity')
    expect(channelsFor(makeMe('MANAGER', { id: 2, preferences: off }))).toContain('user:2:activity')
    expect(channelsFor(teleoperator({}))).not.toContain('user:3:activity')
  })

  it('always the user’s own channels; tentacall and badge only with their preference on', () => {
    expect(channelsFor(teleoperator({ badges: false, tentacalls: false }))).toEqual(own)
    expect(channelsFor(teleoperator({}))).toEqual([...own, 'tentacall:3', 'badge:3'])
    expect(channelsFor(teleoperator({ tentacalls: false }))).toEqual([...own, 'badge:3'])
  })
})

describe('followSubscriptions', () => {
  it('badges off: no badge channel; turning it on subscribes; off again unsubscribes', () => {
    queryClient.setQueryData(meKey, teleoperator({ badges: false }))
    const { target, calls, wanted } = recordingTarget()
    const stop = followSubscriptions(queryClient, 3, target)
    expect([...wanted]).toEqual([...own, 'tentacall:3'])

    calls.length = 0
    queryClient.setQueryData(meKey, teleoperator({ badges: true }))
    expect(calls).toEqual(['+badge:3'])

    calls.length = 0
    queryClient.setQueryData(meKey, teleoperator({ badges: false, tentacalls: false }))
    expect(calls).toEqual(['-tentacall:3', '-badge:3'])
    stop()
  })

  it('a refetch with the same preferences changes nothing', () => {
    queryClient.setQueryData(meKey, teleoperator({}))
    const { target, calls } = recordingTarget()
    const stop = followSubscriptions(queryClient, 3, target)
    calls.length = 0
    const refetched: Me = { ...teleoperator({}), experiencePoints: 80 }
    queryClient.setQueryData(meKey, refetched)
    expect(calls).toEqual([])
    stop()
  })

  it('ignores another user or none (the layout restarts the client for them), and stops when told', () => {
    queryClient.setQueryData(meKey, teleoperator({}))
    const { target, calls } = recordingTarget()
    const stop = followSubscriptions(queryClient, 3, target)
    calls.length = 0
    queryClient.setQueryData(meKey, makeMe('MANAGER'))
    queryClient.setQueryData(meKey, null)
    expect(calls).toEqual([])

    stop()
    queryClient.setQueryData(meKey, teleoperator({ badges: false }))
    expect(calls).toEqual([])
  })

  it('waits for `me` when it is not cached yet', () => {
    const { target, wanted } = recordingTarget()
    const stop = followSubscriptions(queryClient, 3, target)
    expect(wanted.size).toBe(0)
    queryClient.setQueryData(meKey, teleoperator({ tentacalls: false }))
    expect([...wanted]).toEqual([...own, 'badge:3'])
    stop()
  })
})
