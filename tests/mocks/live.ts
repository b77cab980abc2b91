// The live channel for client tests (msw 3 `ws.link`): the same URL the app opens in jsdom
// (http://localhost:3000 → ws://localhost:3000/ws). msw runs every matching WebSocket handler, so
// there is one scripted server (`liveServer`, in the default handlers): tests change its options
// and read what it received; tests/setup/client.ts resets it after each test.
import { ws } from 'msw'

export const LIVE_URL = 'ws://localhost:3000/ws'
export const liveLink = ws.link(LIVE_URL)

type LiveConnection = Parameters<Parameters<typeof liveLink.addEventListener<'connection'>>[1]>[0]
export type LiveTestClient = LiveConnection['client']

const DEFAULT_OPTIONS = { up: true, answerPings: true, sendConnected: true }

export type LiveServerOptions = {
  /** false: every new socket is refused (closed before it opens), as a stopped server does. */
  up?: boolean
  /** false: pings get no pong (a dead connection). */
  answerPings?: boolean
  /** false: no `connected` event on a new socket. */
  sendConnected?: boolean
}

function createLiveServer() {
  const options: Required<LiveServerOptions> = { ...DEFAULT_OPTIONS }
  /** Client messages, parsed, in arrival order. */
  const received: unknown[] = []
  /** Time (Date.now(), fake under fake timers) of every connection attempt. */
  const attempts: number[] = []
  const open = new Set<LiveTestClient>()

  const handler = liveLink.addEventListener('connection', ({ client }) => {
    attempts.push(Date.now())
    if (!options.up) {
      // msw registers the connection asynchronously (a few microtasks), and a client closed before
      // that leaves a listener behind on msw's BroadcastChannel: close once that is done. Microtasks
      // only, so fake time does not move; the socket opens, then closes at once.
      void afterMicrotasks(20).then(() => client.close(1006, 'refused'))
      return
    }
    open.add(client)
    client.addEventListener('close', () => open.delete(client))
    client.addEventListener('message', (event) => {
      const message: unknown = JSON.parse(String(event.data))
      received.push(message)
      if (options.answerPings && isPing(message)) client.send(JSON.stringify({ event: 'pong', data: null }))
    })
    if (options.sendConnected) client.send(JSON.stringify({ event: 'connected', data: null }))
  })

  return {
    handler,
    options,
    received,
    attempts,
    /** Sends `{ event, data }` to every open socket. */
    publish(event: string, data: unknown) {
      for (const client of open) client.send(JSON.stringify({ event, data }))
    },
    /** Closes every open socket with `code` (1001: the server stops; 4001: the session ended). */
    drop(code = 1001) {
      for (const client of [...open]) client.close(code)
      open.clear()
    },
    openSockets: () => open.size,
    /** Back to an accepting server with nothing received (after each test). */
    reset() {
      Object.assign(options, DEFAULT_OPTIONS)
      received.length = 0
      attempts.length = 0
    },
  }
}

async function afterMicrotasks(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await Promise.resolve()
}

function isPing(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'type' in message && message.type === 'ping'
}

/** The scripted live server: accepts, says `connected` and answers pings unless told otherwise. */
export const liveServer = createLiveServer()
