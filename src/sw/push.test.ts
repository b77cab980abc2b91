// The service worker's push and click logic as plain functions (issue #5 "Tests": synthetic
// notification events cannot use waitUntil, so the logic is tested here with fake clients).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PushAlert } from '../contracts/push.ts'
import { alertNotification, alertTag, alertUrl, NAVIGATE_MESSAGE } from './alert-notification.ts'
import {
  clickPlan,
  clickUrl,
  NAVIGATE_ACK_MS,
  openAlert,
  parseAlert,
  pickWindow,
  readPushData,
  shouldShowAlert,
  showOptions,
  showPushedAlert,
  type PushWorker,
} from './push.ts'

const call: PushAlert = {
  kind: 'call',
  callId: 42,
  phone: '+33612345678',
  leadUuid: '0b7e6f4e-3c1a-4c55-9d6a-2f1f4d7c9a10',
  leadName: 'Jeanne Durand',
}
const badge: PushAlert = {
  kind: 'badge',
  userId: 7,
  awardId: 3,
  code: 'premier-appel',
  name: 'Paul Petit',
  self: false,
}
const tentacall: PushAlert = {
  kind: 'tentacall',
  userId: 7,
  awardId: 4,
  code: 'poulpe',
  name: 'Paul Petit',
  self: true,
  count: 3,
}

// Issue #15: a scheduled job failing, to administrators.
const cron: PushAlert = {
  kind: 'cron',
  key: 'files-purge',
  name: 'Purge des fichiers d’import et d’extraction',
  failures: 3,
}

// Issue #15: a due recall, to the agent who set it.
const recall: PushAlert = {
  kind: 'recall',
  leadUuid: '6f1d2c3b-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
  leadName: 'Jeanne Durand',
  recallAt: '2026-11-26T14:30:00.000Z',
}

describe('parseAlert', () => {
  it.each([call, badge, tentacall, cron, recall])('reads a %s alert', (alert) => {
    expect(parseAlert(JSON.parse(JSON.stringify(alert)))).toEqual(alert)
  })

  it.each([
    null,
    'call',
    { kind: 'sms' },
    { ...call, callId: 0 },
    { ...call, callId: '42' },
    { ...call, leadName: 'x'.repeat(202) },
    { ...badge, self: 'yes' },
    { ...badge, awardId: undefined },
    { ...tentacall, count: -1 },
    { ...cron, failures: 0 },
    { ...cron, key: '' },
    { ...recall, leadUuid: '' },
    { ...recall, recallAt: 42 },
  ])('refuses what is not an alert: %j', (data) => {
    expect(parseAlert(data)).toBeNull()
  })

  it('reads the push data as JSON, null when it is not', () => {
    expect(readPushData({ json: () => ({ kind: 'call' }) })).toEqual({ kind: 'call' })
    expect(
      readPushData({
        json: () => {
          throw new SyntaxError('bad')
        },
      }),
    ).toBeNull()
    expect(readPushData(null)).toBeNull()
  })
})

describe('alert notifications', () => {
  it('tags each entity: call:{callId}, badge:{userId}:{awardId}, tentacall:{userId}:{awardId}', () => {
    expect([call, badge, tentacall].map(alertTag)).toEqual(['call:42', 'badge:7:3', 'tentacall:7:4'])
  })

  it('leads a call to its lead sheet, or home when no lead was recognised', () => {
    expect(alertUrl(call)).toBe(`/lead/${call.kind === 'call' ? call.leadUuid : ''}`)
    expect(alertUrl({ ...call, leadUuid: null, leadName: null } as PushAlert)).toBe('/home')
  })

  it('leads a failing scheduled job to the scheduled jobs’ page, one notification per job', () => {
    expect(alertUrl(cron)).toBe('/backoffice/crons')
    expect(alertNotification(cron)).toMatchObject({
      title: 'Tâche planifiée en échec',
      options: {
        body: '« Purge des fichiers d’import et d’extraction » a échoué 3 fois de suite.',
        tag: 'cron:files-purge',
        requireInteraction: false,
      },
    })
  })

  it('leads a due recall to the lead sheet, one notification per lead', () => {
    expect(alertUrl(recall)).toBe('/lead/6f1d2c3b-1a2b-4c5d-8e9f-0a1b2c3d4e5f')
    expect(alertNotification(recall)).toMatchObject({
      title: 'Rappel à faire',
      options: {
        body: 'Jeanne Durand : rappel prévu le 26 novembre 2026 à 15:30.',
        tag: 'recall:6f1d2c3b-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
      },
    })
  })

  it('leads one’s own award home and someone else’s to the gamification page', () => {
    expect(alertUrl(tentacall)).toBe('/home')
    expect(alertUrl(badge)).toBe('/activity/gamification')
  })

  it('words an inbound call in French, stays until acted on and rings again when re-raised', () => {
    expect(alertNotification(call)).toEqual({
      title: 'Appel entrant',
      options: {
        body: '06 12 34 56 78 · Lead : Jeanne Durand',
        tag: 'call:42',
        lang: 'fr',
        icon: '/icons/icon-192.png',
        requireInteraction: true,
        renotify: true,
        data: { url: '/lead/0b7e6f4e-3c1a-4c55-9d6a-2f1f4d7c9a10', kind: 'call' },
      },
    })
    const hidden = alertNotification({ kind: 'call', callId: 1, phone: null, leadUuid: null, leadName: null })
    expect(hidden.options.body).toBe('Numéro masqué')
  })

  it('words awards for the earner and for the people alerted about them', () => {
    expect(alertNotification(badge)).toMatchObject({
      title: 'Nouveau badge',
      options: {
        body: 'Paul Petit a obtenu le badge « Premier contact ».',
        requireInteraction: false,
        renotify: false,
      },
    })
    expect(alertNotification({ ...badge, self: true }).options.body).toBe(
      'Vous avez obtenu le badge « Premier contact ».',
    )
    expect(alertNotification(tentacall)).toMatchObject({
      title: 'Nouveau tentacall',
      options: { body: 'Vous avez obtenu le tentacall « poulpe » (3 au total).' },
    })
  })
})

describe('decisions', () => {
  const hidden = { focused: false, visibilityState: 'hidden' as const }
  const visible = { focused: false, visibilityState: 'visible' as const }
  const focused = { focused: true, visibilityState: 'visible' as const }

  it('shows the alert unless a window of the app is focused', () => {
    expect(shouldShowAlert([])).toBe(true)
    expect(shouldShowAlert([hidden, visible])).toBe(true)
    expect(shouldShowAlert([hidden, focused])).toBe(false)
  })

  it('replaces an alert already shown with the same tag without ringing again', () => {
    const { options } = alertNotification(call)
    expect(showOptions(options, 0).renotify).toBe(true)
    expect(showOptions(options, 1)).toEqual({ ...options, renotify: false })
  })

  it('brings forward the focused window, else a visible one, else the first', () => {
    expect(pickWindow([hidden, focused, visible])).toBe(focused)
    expect(pickWindow([hidden, visible])).toBe(visible)
    expect(pickWindow([hidden])).toBe(hidden)
    expect(pickWindow([])).toBeNull()
  })

  it('only ever navigates to a path of the app', () => {
    expect(clickUrl({ url: '/lead/abc' })).toBe('/lead/abc')
    expect(clickUrl({ url: '//evil.example/x' })).toBe('/home')
    expect(clickUrl({ url: 'https://evil.example/' })).toBe('/home')
    expect(clickUrl(null)).toBe('/home')
  })

  it('plans a click: focus and navigate a window, or open one', () => {
    const data = alertNotification(call).options.data
    expect(clickPlan(data, [hidden])).toEqual({ action: 'focus', window: hidden, url: data.url })
    expect(clickPlan(data, [])).toEqual({ action: 'open', url: data.url })
  })
})

type FakeWindow = WindowClient & { messages: unknown[] }

function fakeWindow(
  state: { focused: boolean; visibilityState: DocumentVisibilityState },
  acknowledges: boolean,
) {
  const window = {
    ...state,
    messages: [] as unknown[],
    focus: vi.fn(async () => window),
    navigate: vi.fn(async () => window),
    postMessage: vi.fn((message: unknown, transfer: MessagePort[]) => {
      window.messages.push(message)
      if (acknowledges) transfer[0]!.postMessage(true)
    }),
  }
  return window as unknown as FakeWindow & {
    focus: ReturnType<typeof vi.fn>
    navigate: ReturnType<typeof vi.fn>
  }
}

function fakeWorker(windows: WindowClient[], shownTags: string[] = []) {
  const shown: { title: string; options: NotificationOptions & { renotify?: boolean } }[] = []
  const worker = {
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        shown.push({ title, options })
      }),
      getNotifications: vi.fn(async ({ tag }: { tag?: string } = {}) =>
        shownTags.filter((t) => t === tag).map(() => ({}) as Notification),
      ),
    },
  }
  return { worker: worker as unknown as PushWorker & typeof worker, shown }
}

describe('push handler', () => {
  it('shows the alert with its tag when no window is focused (tab hidden, or app closed)', async () => {
    const { worker, shown } = fakeWorker([fakeWindow({ focused: false, visibilityState: 'hidden' }, true)])
    await showPushedAlert(worker, call)
    expect(shown).toEqual([alertNotification(call)])
  })

  it('shows nothing while a window of the app is focused (it shows its own alert)', async () => {
    const { worker, shown } = fakeWorker([fakeWindow({ focused: true, visibilityState: 'visible' }, true)])
    await showPushedAlert(worker, call)
    expect(shown).toEqual([])
  })

  it('replaces the bridged alert of the same call quietly', async () => {
    const { worker, shown } = fakeWorker([], ['call:42'])
    await showPushedAlert(worker, call)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.options).toMatchObject({ tag: 'call:42', renotify: false })
  })

  it('ignores a push that carries no alert', async () => {
    const { worker, shown } = fakeWorker([])
    await showPushedAlert(worker, { hello: 'world' })
    expect(shown).toEqual([])
  })
})

describe('notification click', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const data = alertNotification(call).options.data

  it('opens a window at the lead sheet when none is open', async () => {
    const { worker } = fakeWorker([])
    await openAlert(worker, data)
    expect(worker.clients.openWindow).toHaveBeenCalledWith(data.url)
  })

  it('focuses an open window and lets its router navigate to the lead sheet', async () => {
    const window = fakeWindow({ focused: false, visibilityState: 'hidden' }, true)
    const { worker } = fakeWorker([window])
    await openAlert(worker, data)
    expect(window.focus).toHaveBeenCalled()
    expect(window.messages).toEqual([{ type: NAVIGATE_MESSAGE, url: data.url }])
    expect(window.navigate).not.toHaveBeenCalled()
    expect(worker.clients.openWindow).not.toHaveBeenCalled()
  })

  it('navigates the window itself when its page does not answer (signed out, older version)', async () => {
    vi.useFakeTimers()
    const window = fakeWindow({ focused: false, visibilityState: 'hidden' }, false)
    const { worker } = fakeWorker([window])
    const opening = openAlert(worker, data)
    await vi.advanceTimersByTimeAsync(NAVIGATE_ACK_MS)
    await opening
    expect(window.navigate).toHaveBeenCalledWith(data.url)
  })

  it('still navigates when focusing is refused (no user activation)', async () => {
    const window = fakeWindow({ focused: false, visibilityState: 'hidden' }, true)
    window.focus.mockRejectedValueOnce(new DOMException('Not allowed', 'InvalidAccessError'))
    const { worker } = fakeWorker([window])
    await openAlert(worker, data)
    expect(window.messages).toHaveLength(1)
  })
})
