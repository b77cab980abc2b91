import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { makeMe } from '../../tests/mocks/session.ts'
import { authQueries } from '../api/auth.ts'
import { callQueries } from '../api/calls.ts'
import { leadQueries } from '../api/leads.ts'
import { configQueries } from '../api/config.ts'
import { NO_CURRENT_CALL } from '../contracts/call.ts'
import { createQueryClient } from '../app/query-client.ts'
import { applyLiveEvent, refreshAfterSync } from './live-events.ts'

const me = makeMe('TELEOPERATOR', { id: 3, experiencePoints: 40 })
const meKey = authQueries.me().queryKey
const leadKey = [...leadQueries.all(), 'detail', 12] as const
const callKey = callQueries.ongoing().queryKey
let queryClient: QueryClient

function invalidated(key: QueryKey): boolean | undefined {
  return queryClient.getQueryState(key)?.isInvalidated
}

beforeEach(() => {
  queryClient = createQueryClient()
  queryClient.setQueryData(meKey, me)
  queryClient.setQueryData(leadKey, { id: 12 })
  queryClient.setQueryData(callKey, NO_CURRENT_CALL)
  queryClient.setQueryData(configQueries.all(), { appEnv: 'develop' })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  queryClient.clear()
  vi.mocked(console.warn).mockRestore()
})

describe('applyLiveEvent', () => {
  it('experience: sets the signed-in user’s points from the payload, without a request', () => {
    expect(applyLiveEvent(queryClient, 'user:3:experience', { experiencePoints: 55, gained: 15 })).toBe(true)
    expect(queryClient.getQueryData(meKey)).toEqual({ ...me, experiencePoints: 55 })
    expect(invalidated(meKey)).toBe(false)
  })

  it('experience of another user leaves `me` alone', () => {
    applyLiveEvent(queryClient, 'user:9:experience', { experiencePoints: 999, gained: 1 })
    expect(queryClient.getQueryData(meKey)).toBe(me)
  })

  it('lead update: invalidates every lead query and `me` (the processing lead may change)', () => {
    expect(applyLiveEvent(queryClient, 'user:3:lead:update', { leadId: 12, reason: 'tagged' })).toBe(true)
    expect(invalidated(leadKey)).toBe(true)
    expect(invalidated(meKey)).toBe(true)
    expect(invalidated(configQueries.all())).toBe(false)
  })

  it('ongoing-call update: invalidates the current-call query, `me` and the leads (their `myCallId`)', () => {
    expect(applyLiveEvent(queryClient, 'user:3:ongoing-call:update', { callId: 7, status: 'answered' })).toBe(
      true,
    )
    expect(invalidated(callKey)).toBe(true)
    expect(invalidated(meKey)).toBe(true)
    expect(invalidated(leadKey)).toBe(true)
  })

  it.each([
    ['tentacall:3', { tentacallId: 'octopus', count: 2 }],
    ['badge:3', { badgeId: 'first-call', earnedAt: '2026-03-02T10:00:00.000Z' }],
  ])('%s: invalidates `me` only', (channel, data) => {
    expect(applyLiveEvent(queryClient, channel, data)).toBe(true)
    expect(invalidated(meKey)).toBe(true)
    expect(invalidated(leadKey)).toBe(false)
    expect(invalidated(callKey)).toBe(false)
  })

  it('reference data: drops the worker’s reference cache first, then refetches the sheets, the config and that kind’s lists', async () => {
    const order: string[] = []
    const names = ['ref-data-v1-user-3', 'avatars-v1', 'workbox-precache-v2']
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => (order.push(`delete ${name}`), true),
    })
    const tagsKey = ['tags', 'list', {}]
    const teamsKey = ['teams', 'list', {}]
    queryClient.setQueryData(tagsKey, { items: [] })
    queryClient.setQueryData(teamsKey, { items: [] })
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate')
        order.push(`invalidate ${String(event.query.queryKey[0])}`)
    })
    expect(applyLiveEvent(queryClient, 'user:3:reference-data', { kind: 'tag', id: 4 })).toBe(true)
    await vi.waitFor(() => expect(invalidated(tagsKey)).toBe(true))
    expect(order[0]).toBe('delete ref-data-v1-user-3')
    expect(order.filter((entry) => entry.startsWith('delete'))).toHaveLength(1)
    expect(invalidated(leadKey)).toBe(true)
    expect(invalidated(configQueries.all())).toBe(true)
    expect(invalidated(teamsKey)).toBe(false)
    expect(invalidated(meKey)).toBe(false)
    expect(invalidated(callKey)).toBe(false)
    vi.unstubAllGlobals()
  })

  it('demo data reset (issue #15): every cached query is refetched, `me` and the calls included', async () => {
    vi.stubGlobal('caches', { keys: async () => [], delete: async () => true })
    const teamsKey = ['teams', 'list', {}]
    queryClient.setQueryData(teamsKey, { items: [] })
    expect(applyLiveEvent(queryClient, 'user:3:reference-data', { kind: 'demoData', id: null })).toBe(true)
    await vi.waitFor(() => expect(invalidated(leadKey)).toBe(true))
    expect(invalidated(callKey)).toBe(true)
    expect(invalidated(meKey)).toBe(true)
    expect(invalidated(teamsKey)).toBe(true)
    vi.unstubAllGlobals()
  })

  it('drops an invalid payload, with a warning in development', () => {
    expect(applyLiveEvent(queryClient, 'user:3:experience', { experiencePoints: -4 })).toBe(false)
    expect(applyLiveEvent(queryClient, 'user:3:lead:update', 'lead 12')).toBe(false)
    expect(queryClient.getQueryData(meKey)).toBe(me)
    expect(invalidated(meKey)).toBe(false)
    expect(invalidated(leadKey)).toBe(false)
    expect(console.warn).toHaveBeenCalledTimes(2)
  })

  it('drops an event of an unknown channel', () => {
    expect(applyLiveEvent(queryClient, 'team:4:chat', { text: 'bonjour' })).toBe(false)
    expect(invalidated(meKey)).toBe(false)
    expect(console.warn).toHaveBeenCalledOnce()
  })
})

describe('refreshAfterSync', () => {
  it('after a loss, invalidates what events may have changed meanwhile: `me`, the leads and the call', () => {
    refreshAfterSync(queryClient, true)
    expect(invalidated(meKey)).toBe(true)
    expect(invalidated(leadKey)).toBe(true)
    expect(invalidated(callKey)).toBe(true)
    expect(invalidated(configQueries.all())).toBe(false)
  })

  it('on the first socket, the call and `me` only (the page has just fetched its leads)', () => {
    refreshAfterSync(queryClient, false)
    expect(invalidated(meKey)).toBe(true)
    expect(invalidated(callKey)).toBe(true)
    expect(invalidated(leadKey)).toBe(false)
  })
})
