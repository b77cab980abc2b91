// The hidden-tab bridge (issue #5): live events raise the push's own notification (same builder,
// same tag) only while the tab is hidden and notifications are allowed, never twice.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CurrentCall } from '../contracts/call.ts'
import { alertNotification } from '../sw/alert-notification.ts'
import { createAlertBridge, type AlertSources, type BridgeEnvironment } from './alert-bridge.ts'

const ME = 3
const lead = { uuid: '0b7e6f4e-3c1a-4c55-9d6a-2f1f4d7c9a10', firstName: 'Jeanne', lastName: 'Durand' }
const ringing: CurrentCall = {
  callId: 42,
  status: 'ringing',
  direction: 'inbound',
  phoneNumber: '+33612345678',
  duration: 2,
  leadId: null,
  detectedLeadId: 900,
  startedAt: '2026-11-02T08:00:00.000Z',
  answeredAt: null,
}

type Shown = { title: string; options: NotificationOptions; close: () => void }

let hidden: boolean
let permitted: boolean
let shown: Shown[]
let call: CurrentCall
let env: BridgeEnvironment
let sources: AlertSources & { currentCall: ReturnType<typeof vi.fn> }

beforeEach(() => {
  hidden = true
  permitted = true
  shown = []
  call = ringing
  const registration = {
    showNotification: vi.fn(async (title: string, options: NotificationOptions = {}) => {
      const entry: Shown = {
        title,
        options,
        close: () => {
          shown = shown.filter((other) => other !== entry)
        },
      }
      shown = [...shown.filter((other) => other.options.tag !== options.tag), entry]
    }),
    getNotifications: vi.fn(async ({ tag }: { tag?: string } = {}) =>
      shown
        .filter((entry) => entry.options.tag === tag)
        .map((entry) => ({ close: entry.close }) as Notification),
    ),
  }
  env = { hidden: () => hidden, permitted: () => permitted, registration: async () => registration }
  sources = {
    currentCall: vi.fn(async () => call),
    lead: vi.fn(async (id: number) => {
      if (id !== 900) throw new Error('unknown lead')
      return lead
    }),
  }
})

const bridge = () => createAlertBridge(ME, env, sources)

describe('inbound calls', () => {
  it('raises the push’s notification for a call ringing while the tab is hidden', async () => {
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    const expected = alertNotification({
      kind: 'call',
      callId: 42,
      phone: '+33612345678',
      leadUuid: lead.uuid,
      leadName: 'Jeanne Durand',
    })
    expect(shown.map(({ title, options }) => ({ title, options }))).toEqual([expected])
    expect(expected.options.tag).toBe('call:42')
    expect(expected.options.data.url).toBe(`/lead/${lead.uuid}`)
  })

  it('does nothing while the tab is visible (the page shows its own alert)', async () => {
    hidden = false
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    expect(shown).toEqual([])
    expect(sources.currentCall).not.toHaveBeenCalled()
  })

  it('does nothing without the notification permission', async () => {
    permitted = false
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    expect(shown).toEqual([])
  })

  it('ignores an outbound call, and a signal about a call that is no longer the current one', async () => {
    call = { ...ringing, direction: 'outbound' }
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    call = { ...ringing, callId: 43 }
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    expect(shown).toEqual([])
  })

  it('shows a call whose number matches no lead with the number only', async () => {
    call = { ...ringing, detectedLeadId: null }
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    expect(shown[0]!.options).toMatchObject({ body: '06 12 34 56 78', data: { url: '/home' } })
  })

  it('never shows a call twice: a notification with its tag (from the push) is left as is', async () => {
    const fromPush = alertNotification({
      kind: 'call',
      callId: 42,
      phone: null,
      leadUuid: null,
      leadName: null,
    })
    await (await env.registration())!.showNotification(fromPush.title, fromPush.options)
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    await bridge().handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    expect(shown).toHaveLength(1)
    expect(shown[0]!.options.body).toBe('Numéro masqué')
  })

  it('takes the notification away once the call stops ringing (answered, missed)', async () => {
    const instance = bridge()
    await instance.handle('user:3:ongoing-call:update', { callId: 42, status: 'ringing' })
    expect(shown).toHaveLength(1)
    hidden = false
    await instance.handle('user:3:ongoing-call:update', { callId: 42, status: 'answered' })
    expect(shown).toEqual([])
  })
})

describe('a tab hidden while a call rings', () => {
  it('raises the call the page already knew about (its push was silenced by the focused tab)', async () => {
    await bridge().hidden(ringing)
    expect(shown.map((entry) => entry.options.tag)).toEqual(['call:42'])
    expect(sources.currentCall).not.toHaveBeenCalled()
  })

  it('raises nothing for an answered or outbound call, or with no call known', async () => {
    await bridge().hidden({ ...ringing, status: 'answered' })
    await bridge().hidden({ ...ringing, direction: 'outbound' })
    await bridge().hidden(undefined)
    expect(shown).toEqual([])
  })
})

describe('badges and tentacalls', () => {
  it('raises one’s own badge, tagged badge:{userId}:{awardId}', async () => {
    await bridge().handle('badge:3', {
      badgeId: 'premier-appel',
      earnedAt: '2026-11-02T08:00:00.000Z',
      userId: 3,
      awardId: 11,
      name: 'Camille Martin',
    })
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Nouveau badge',
        options: expect.objectContaining({
          tag: 'badge:3:11',
          body: 'Vous avez obtenu le badge « Premier contact ».',
          data: { url: '/home', kind: 'badge' },
        }),
      }),
    ])
  })

  it('raises a team member’s tentacall for a manager, as the push words it', async () => {
    await bridge().handle('tentacall:3', {
      tentacallId: 'poulpe',
      count: 2,
      userId: 7,
      awardId: 12,
      name: 'Paul Petit',
    })
    const expected = alertNotification({
      kind: 'tentacall',
      userId: 7,
      awardId: 12,
      code: 'poulpe',
      name: 'Paul Petit',
      self: false,
      count: 2,
    })
    expect(shown.map(({ title, options }) => ({ title, options }))).toEqual([expected])
  })

  it('ignores signals without an award id, on someone else’s channel, or while visible', async () => {
    await bridge().handle('badge:3', { badgeId: 'x', earnedAt: '2026-11-02T08:00:00.000Z' })
    await bridge().handle('badge:4', { badgeId: 'x', earnedAt: '2026-11-02', userId: 4, awardId: 1 })
    hidden = false
    await bridge().handle('badge:3', { badgeId: 'x', earnedAt: '2026-11-02', userId: 3, awardId: 2 })
    expect(shown).toEqual([])
  })
})
