// One live socket's side of the protocol (src/contracts/live.ts): reading client messages, deciding
// subscriptions, re-checking them, and writing { event, data }. Nothing here throws to the caller:
// a bad message or a failed check costs that socket an `error` event, never another socket.
import type { FastifyBaseLogger } from 'fastify'
import type { RawData } from 'ws'
import {
  clientMessageSchema,
  LIVE_EVENTS,
  parseChannel,
  SESSION_ENDED_CLOSE_CODE,
  type ClientMessage,
  type ServerMessage,
} from '../../src/contracts/live.ts'
import type { Db } from '../db/client.ts'
import {
  canDisplayReadChannel,
  canReadChannel,
  readableUsers,
  type Readable,
} from '../domain/access/live-access.ts'
import type { DisplaySessions } from '../lib/display-session.ts'
import type { SessionService } from '../plugins/session.ts'
import type { LiveClient, LiveRegistry } from './registry.ts'

export const LIVE_MESSAGES = {
  unreadable: 'Message illisible : un objet JSON est attendu.',
  unknown: 'Message non reconnu : les types acceptés sont subscribe, unsubscribe et ping.',
  unknownChannel: 'Canal inconnu.',
  refused: 'Abonnement refusé : vous n’avez pas accès à ce canal.',
  revoked: 'Abonnement retiré : vous n’avez plus accès à ce canal.',
  tooMany: 'Abonnement refusé : trop d’abonnements sur cette connexion.',
  internal: 'Une erreur est survenue sur la connexion temps réel.',
  sessionEnded: 'Session terminée.',
} as const

/** An admin may follow many users, but one socket must not grow without bound. */
const MAX_CHANNELS_PER_SOCKET = 2000
/** A peer that stops reading is cut off rather than buffered without limit. */
const MAX_BUFFERED_BYTES = 1024 * 1024
/** A decision raced by user/session signals is taken again, a bounded number of times. */
const MAX_DECISION_ATTEMPTS = 5
/**
 * Issue #14: a display link's socket is re-checked this often by the heartbeat (its revocation also
 * re-checks it at once through the bus), so a signal lost between processes cannot keep it open.
 */
export const DISPLAY_RECHECK_MS = 60_000

export type LiveProtocolDeps = {
  db: Db
  sessions: SessionService
  /** Issue #14: wall screens' display links (server/lib/display-session.ts). */
  displays: Pick<DisplaySessions, 'lookup'>
  registry: LiveRegistry
  log: FastifyBaseLogger
  /** Bumped by every user, session or reset signal (server/live/hub.ts). */
  epoch: () => number
}

export function createLiveProtocol({ db, sessions, displays, registry, log, epoch }: LiveProtocolDeps) {
  function deliver(client: LiveClient, frame: Buffer) {
    const { socket } = client
    if (client.closed || socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      registry.remove(client)
      socket.terminate()
      return
    }
    socket.send(frame, { binary: false })
  }

  function send(client: LiveClient, message: ServerMessage) {
    deliver(client, Buffer.from(JSON.stringify(message)))
  }

  function sendError(client: LiveClient, message: string, channel?: string) {
    send(client, {
      event: LIVE_EVENTS.error,
      data: channel === undefined ? { message } : { message, channel },
    })
  }

  function close(client: LiveClient, code: number, reason: string) {
    registry.remove(client)
    client.socket.close(code, reason)
  }

  /** Runs the socket's tasks in arrival order; a failing task is logged, never thrown. */
  function enqueue(client: LiveClient, task: () => Promise<void> | void) {
    client.queue = client.queue
      .then(() => (client.closed ? undefined : task()))
      .catch((error: unknown) => {
        log.error({ err: error, userId: client.userId }, 'live: task failed')
        sendError(client, LIVE_MESSAGES.internal)
      })
  }

  /** What the client may read, read with no user/session signal landing meanwhile if possible. */
  async function readable(client: LiveClient): Promise<Readable> {
    let value: Readable = new Set()
    for (let attempt = 0; attempt < MAX_DECISION_ATTEMPTS; attempt += 1) {
      const before = epoch()
      if (client.readable?.epoch === before) return client.readable.value
      value = await readableUsers(db, { id: client.userId, role: client.role })
      if (before !== epoch()) continue
      client.readable = { value, epoch: before }
      return value
    }
    // Still racing: the signals that raced have queued a re-check of the sockets they concern.
    return value
  }

  async function subscribe(client: LiveClient, channel: string) {
    const parsed = parseChannel(channel)
    if (!parsed) return sendError(client, LIVE_MESSAGES.unknownChannel, channel)
    if (client.channels.has(channel)) return
    if (client.channels.size >= MAX_CHANNELS_PER_SOCKET)
      return sendError(client, LIVE_MESSAGES.tooMany, channel)
    const allowed = client.display
      ? canDisplayReadChannel(parsed)
      : canReadChannel(await readable(client), parsed, { id: client.userId, role: client.role })
    // Decided and applied in one synchronous step: no signal slips between them.
    if (!allowed) return sendError(client, LIVE_MESSAGES.refused, channel)
    registry.subscribe(client, channel)
  }

  /** The session again (the socket closes if it ended), then every subscription against its role. */
  async function recheck(client: LiveClient) {
    if (client.display) return recheckDisplay(client)
    const session = await sessions.lookup(client.sessionId)
    if (client.closed) return
    if (!session) return close(client, SESSION_ENDED_CLOSE_CODE, LIVE_MESSAGES.sessionEnded)
    if (session.user.role !== client.role) client.readable = undefined
    client.role = session.user.role
    client.lapsesAt = session.lapsesAt
    if (client.channels.size === 0) return
    const allowed = await readable(client)
    for (const channel of [...client.channels]) {
      if (canReadChannel(allowed, parseChannel(channel)!, { id: client.userId, role: client.role })) continue
      registry.unsubscribe(client, channel)
      sendError(client, LIVE_MESSAGES.revoked, channel)
    }
  }

  /** A display link's socket: open while its link is in force (revoked: closed like an ended session). */
  async function recheckDisplay(client: LiveClient) {
    const display = await displays.lookup(client.sessionId)
    if (client.closed) return
    if (!display) return close(client, SESSION_ENDED_CLOSE_CODE, LIVE_MESSAGES.sessionEnded)
    client.lapsesAt = Date.now() + DISPLAY_RECHECK_MS
  }

  function parse(raw: RawData, isBinary: boolean): ClientMessage | string {
    if (isBinary || !Buffer.isBuffer(raw)) return LIVE_MESSAGES.unreadable
    let json: unknown
    try {
      json = JSON.parse(raw.toString('utf8'))
    } catch {
      return LIVE_MESSAGES.unreadable
    }
    const parsed = clientMessageSchema.safeParse(json)
    return parsed.success ? parsed.data : LIVE_MESSAGES.unknown
  }

  function handleMessage(client: LiveClient, raw: RawData, isBinary: boolean) {
    const message = parse(raw, isBinary)
    if (typeof message === 'string') return sendError(client, message)
    // Through the queue, so a pong also says every earlier message of this socket was handled.
    if (message.type === 'ping') enqueue(client, () => send(client, { event: LIVE_EVENTS.pong, data: null }))
    else if (message.type === 'subscribe') enqueue(client, () => subscribe(client, message.channel))
    else enqueue(client, () => registry.unsubscribe(client, message.channel))
  }

  return { deliver, send, close, enqueue, recheck, handleMessage }
}
