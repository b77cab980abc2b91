// A real `ws` client for the live-channel tests: opens /ws with a session cookie and an Origin,
// queues what the server sends, and reads it in order.
import WebSocket from 'ws'
import type { FastifyInstance } from 'fastify'
import type { ServerMessage } from '../../src/contracts/live.ts'
import type { Agent } from './agent.ts'

export type LiveTestClient = {
  socket: WebSocket
  /** The next message not read yet (waits for it). */
  next: (timeoutMs?: number) => Promise<ServerMessage>
  send: (message: unknown) => void
  /** Sends a ping and reads up to its pong: every earlier message has been handled by then. */
  sync: () => Promise<ServerMessage[]>
  closed: Promise<{ code: number; reason: string }>
}

export function liveUrl(app: FastifyInstance): { url: string; origin: string } {
  const address = app.server.address()
  if (!address || typeof address !== 'object') throw new Error('the app is not listening')
  const origin = `http://127.0.0.1:${address.port}`
  return { url: `${origin.replace('http', 'ws')}/ws`, origin }
}

export function cookieOf(agent: Agent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** Opens a socket; rejects with the HTTP status when the handshake is refused. */
export function openLive(
  app: FastifyInstance,
  options: { cookie?: string; origin?: string | null; path?: string; autoPong?: boolean } = {},
): Promise<LiveTestClient> {
  const { url, origin } = liveUrl(app)
  const headers: Record<string, string> = {}
  if (options.cookie) headers.cookie = options.cookie
  if (options.origin !== null) headers.origin = options.origin ?? origin
  const socket = new WebSocket(options.path ? url.replace('/ws', options.path) : url, {
    headers,
    autoPong: options.autoPong ?? true,
  })
  const inbox: ServerMessage[] = []
  const waiters: ((message: ServerMessage) => void)[] = []
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as ServerMessage
    const waiter = waiters.shift()
    if (waiter) waiter(message)
    else inbox.push(message)
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )

  function next(timeoutMs = 3000): Promise<ServerMessage> {
    const ready = inbox.shift()
    if (ready) return Promise.resolve(ready)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1)
        reject(new Error('no live message in time'))
      }, timeoutMs)
      const waiter = (message: ServerMessage) => {
        clearTimeout(timer)
        resolve(message)
      }
      waiters.push(waiter)
    })
  }

  function send(message: unknown) {
    socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  async function sync(): Promise<ServerMessage[]> {
    send({ type: 'ping' })
    const before: ServerMessage[] = []
    for (;;) {
      const message = await next()
      if (message.event === 'pong') return before
      before.push(message)
    }
  }

  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next, send, sync, closed }))
    socket.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`handshake refused: ${response.statusCode}`), {
          status: response.statusCode,
        }),
      )
      socket.terminate()
    })
    // Kept for the socket's whole life: an 'error' without a listener would be thrown.
    socket.on('error', reject)
  })
}

/** The HTTP status of a refused handshake (throws if the socket opened). */
export async function refusedStatus(promise: Promise<LiveTestClient>): Promise<number> {
  try {
    const client = await promise
    client.socket.terminate()
  } catch (error) {
    return (error as { status?: number }).status ?? -1
  }
  throw new Error('the handshake was accepted')
}
