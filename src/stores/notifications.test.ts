import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearNotifications, dismissNotification, notificationsStore, notify } from './notifications.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  clearNotifications()
  vi.useRealTimers()
})

describe('notifications store', () => {
  it('adds a notification that disappears after the default 5000 ms', () => {
    notify({ kind: 'success', message: 'Enregistré' })
    expect(notificationsStore.items).toMatchObject([
      { kind: 'success', message: 'Enregistré', timeoutMs: 5000 },
    ])

    vi.advanceTimersByTime(4999)
    expect(notificationsStore.items).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(notificationsStore.items).toHaveLength(0)
  })

  it('honours a custom time-out, and 0 keeps the notification until dismissed', () => {
    notify({ kind: 'info', message: 'Court', timeoutMs: 1000 })
    const stickyId = notify({ kind: 'info', message: 'Permanent', timeoutMs: 0 })

    vi.advanceTimersByTime(60_000)
    expect(notificationsStore.items.map((item) => item.message)).toEqual(['Permanent'])

    dismissNotification(stickyId)
    expect(notificationsStore.items).toHaveLength(0)
  })

  it('dismisses one notification and keeps the others', () => {
    const first = notify({ kind: 'error', message: 'Un' })
    notify({ kind: 'error', message: 'Deux' })

    dismissNotification(first)

    expect(notificationsStore.items.map((item) => item.message)).toEqual(['Deux'])
  })

  it('does not stack an identical message and restarts its time-out instead', () => {
    const first = notify({ kind: 'error', message: 'Panne' })
    vi.advanceTimersByTime(4000)
    const second = notify({ kind: 'error', message: 'Panne' })

    expect(second).toBe(first)
    expect(notificationsStore.items).toHaveLength(1)
    vi.advanceTimersByTime(4000)
    expect(notificationsStore.items).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(notificationsStore.items).toHaveLength(0)
  })
})
