// The live channel (issue #3, spec §7 "Live channel"): GET /ws on the API's port.
// - Handshake: same Origin as the app, then a live session (sid cookie); otherwise 403 / 401 before
//   any upgrade. Not under /api, so the session hook does not run: this route resolves it itself.
// - Messages: subscribe / unsubscribe / ping in, { event, data } out (src/contracts/live.ts). A bad
//   message earns an `error` event and nothing else: it never closes the socket or touches others.
// - Authorisation is decided at subscribe time and again whenever the bus says a user, a session or
//   everything changed; a session that ended closes its sockets with 4001.
// - publish(channel, data) goes through the bus only: the bus delivers in process at once and, on
//   PostgreSQL, to the other processes by NOTIFY; every process then serves its own sockets.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import type { WebSocket } from 'ws'
import {
  BROADCAST_CHANNEL_KINDS,
  channels,
  LIVE_EVENTS,
  livePayloadSchemas,
  MAX_MESSAGE_BYTES,
  MAX_SIGNAL_BYTES,
  parseChannel,
  PING_INTERVAL_MS,
  type LiveChannelKind,
  type LiveChannelName,
  type LivePayloads,
  type PayloadOf,
  type ServerMessage,
} from '../../src/contracts/live.ts'
import { errors, HttpError } from '../lib/http-error.ts'
import { DISPLAY_COOKIE, type DisplaySession } from '../lib/display-session.ts'
import { createLiveProtocol, DISPLAY_RECHECK_MS, LIVE_MESSAGES } from './protocol.ts'
import { createLiveRegistry, type LiveClient } from './registry.ts'
import { followActivity } from './activity.ts'
import type { LiveSession } from '../plugins/session.ts'

export type LiveHub = {
  /** Validates data with the channel's schema (throws), then reaches every process's subscribers. */
  publish: <C extends LiveChannelName>(channel: C, data: PayloadOf<C>) => Promise<void>
  /** The same for a channel known only at run time (dev endpoint); validated all the same. */
  publishUnknown: (channel: string, data: unknown) => Promise<void>
  /**
   * "Reference data changed" (issue #12) to every signed-in page of every process: each socket that
   * follows its own user's `user:{id}:reference-data` channel gets the signal under that name.
   */
  broadcastReferenceData: (data: LivePayloads['referenceData']) => Promise<void>
  /** An import's progress (issue #13) to every administrator's own `user:{id}:importProgress`, every process. */
  broadcastImportProgress: (data: LivePayloads['importProgress']) => Promise<void>
  /** Open sockets held by this process. */
  connections: () => number
  /** Channel subscriptions of this process's sockets (issue #15 metrics; a walk over the sockets). */
  subscriptions: () => number
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    live: LiveHub
  }
}

const SHUTDOWN_REASON = 'Arrêt du serveur.'
const FOREIGN_ORIGIN = 'Origine de la connexion non autorisée.'
/** How long a closing server waits for peers to acknowledge the close (1001) before cutting them. */
const CLOSE_GRACE_MS = 1000

function originOf(value: string | undefined): string | null {
  if (!value) return null
  try {
    const { origin } = new URL(value)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

async function livePlugin(app: FastifyInstance) {
  const registry = createLiveRegistry()
  // Issue #14: a handshake is a user's session, or a wall screen's display link (its token).
  const handshakes = new WeakMap<
    FastifyRequest,
    | { session: LiveSession; sessionId: string; epoch: number }
    | { display: DisplaySession; token: string; epoch: number }
  >()
  const publicOrigin = originOf(app.config.publicUrl)
  /** Bumped by every user, session or reset signal: authorisation decided before it is stale. */
  let epoch = 0

  const { deliver, send, close, enqueue, recheck, handleMessage } = createLiveProtocol({
    db: app.database.db,
    sessions: app.sessions,
    displays: app.displaySessions,
    registry,
    log: app.log,
    epoch: () => epoch,
  })

  // Issue #14: managers' and administrators' `activity` signals, derived from the agents' own.
  followActivity({ bus: app.bus, db: app.database.db, registry, deliver, enqueue, epoch: () => epoch })

  function recheckAll(clients: Iterable<LiveClient>) {
    epoch += 1
    for (const client of [...clients]) enqueue(client, () => recheck(client))
  }

  app.bus.subscribe('user-changed', ({ userId }) => {
    // The user's own sockets, and every socket following one of the user's channels (a team change
    // of either side can change what a manager may read).
    const affected = new Set(registry.ofUser(userId))
    for (const kind of Object.keys(channels) as LiveChannelKind[]) {
      // Issue #14: a broadcast channel belongs to no user (every signed-in reader may follow it).
      if ((BROADCAST_CHANNEL_KINDS as readonly string[]).includes(kind)) continue
      for (const client of registry.subscribers(channels[kind](userId)) ?? []) affected.add(client)
    }
    recheckAll(affected)
  })
  // Logout, rotation or a dev role switch: re-checked, so a role switch re-authorises instead of closing.
  app.bus.subscribe('session-changed', ({ idHash }) => recheckAll(registry.ofSession(idHash)))
  app.bus.subscribe('reset', () => recheckAll(registry.all()))
  app.bus.subscribe('live', ({ channel, data }) => {
    try {
      const subscribers = registry.subscribers(channel)
      if (!subscribers) return
      // Serialised once per publish; every socket gets the same bytes.
      const frame = Buffer.from(JSON.stringify({ event: channel, data } satisfies ServerMessage))
      for (const client of subscribers) deliver(client, frame)
    } catch (error) {
      app.log.error({ err: error, channel }, 'live: delivery failed')
    }
  })

  app.bus.subscribe('reference-data', (data) => {
    for (const client of registry.followersOf('referenceData')) {
      const channel = channels.referenceData(client.userId)
      if (!client.channels.has(channel)) continue
      deliver(client, Buffer.from(JSON.stringify({ event: channel, data } satisfies ServerMessage)))
    }
  })

  app.bus.subscribe('import-progress', (data) => {
    for (const client of registry.followersOf('importProgress')) {
      const channel = channels.importProgress(client.userId)
      if (client.role !== 'ADMIN' || !client.channels.has(channel)) continue
      deliver(client, Buffer.from(JSON.stringify({ event: channel, data } satisfies ServerMessage)))
    }
  })

  async function publishUnknown(channel: string, data: unknown) {
    const parsed = parseChannel(channel)
    if (!parsed) throw new Error(`live: unknown channel ${channel}`)
    const signal = { channel, data: livePayloadSchemas[parsed.kind].parse(data) }
    const bytes = Buffer.byteLength(JSON.stringify(signal))
    if (bytes > MAX_SIGNAL_BYTES)
      throw new Error(`live: signal of ${bytes} bytes on ${channel} (max ${MAX_SIGNAL_BYTES})`)
    await app.bus.publish('live', signal)
  }

  app.decorate('live', {
    publish: (channel, data) => publishUnknown(channel, data),
    publishUnknown,
    broadcastReferenceData: async (data) =>
      app.bus.publish('reference-data', livePayloadSchemas.referenceData.parse(data)),
    broadcastImportProgress: async (data) =>
      app.bus.publish('import-progress', livePayloadSchemas.importProgress.parse(data)),
    connections: () => registry.all().size,
    subscriptions: () => {
      let count = 0
      for (const client of registry.all()) count += client.channels.size
      return count
    },
  } satisfies LiveHub)

  // Dead peers (issue #3): a protocol ping every 30 s; no pong since the previous one → cut off.
  // The same beat re-checks sessions that may have lapsed (idle timeout, absolute lifetime).
  const heartbeat = setInterval(() => {
    const now = Date.now()
    for (const client of [...registry.all()]) {
      if (!client.alive) {
        registry.remove(client)
        client.socket.terminate()
        continue
      }
      client.alive = false
      client.socket.ping()
      if (now >= client.lapsesAt) enqueue(client, () => recheck(client))
    }
  }, PING_INTERVAL_MS)
  heartbeat.unref()

  // Before @fastify/websocket's own preClose (hooks run in the order they were added): going away.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat)
    const open = [...registry.all()]
    const closed = open.map(
      (client) => new Promise<void>((resolve) => client.socket.once('close', () => resolve())),
    )
    for (const client of open) close(client, 1001, SHUTDOWN_REASON)
    await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS))])
    for (const client of open) client.socket.terminate()
  })

  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    // Socket-level errors (oversize frame, invalid UTF-8, abrupt disconnect): ws has already closed
    // the socket with the right code where there is one; only a socket still open is cut off.
    errorHandler(error, socket, request) {
      request.log.info({ err: error }, 'live: socket error')
      if (socket.readyState === socket.OPEN) socket.terminate()
    },
  })

  async function authenticateHandshake(request: FastifyRequest, reply: FastifyReply) {
    const expected = publicOrigin ?? originOf(`${request.protocol}://${request.host}`)
    const origin = originOf(request.headers.origin)
    if (!origin || origin !== expected) throw new HttpError(403, 'FORBIDDEN_ORIGIN', FOREIGN_ORIGIN)
    const before = epoch
    await app.sessions.resolve(request, reply)
    const { sessionId } = request.auth
    const session = sessionId ? await app.sessions.lookup(sessionId) : null
    if (sessionId && session) return void handshakes.set(request, { session, sessionId, epoch: before })
    // Issue #14: no user signed in, a wall screen's display link (docs/domain.md "Display links").
    const token = request.cookies[DISPLAY_COOKIE]
    const display = token ? await app.displaySessions.lookup(token) : null
    if (!token || !display) throw errors.unauthenticated()
    handshakes.set(request, { display, token, epoch: before })
  }

  function clientOf(
    socket: WebSocket,
    handshake: NonNullable<ReturnType<typeof handshakes.get>>,
  ): LiveClient {
    const common = {
      socket,
      channels: new Set<string>(),
      alive: true,
      queue: Promise.resolve(),
      closed: false,
    }
    if ('display' in handshake)
      return {
        ...common,
        userId: 0,
        role: 'TELEOPERATOR',
        sessionId: handshake.token,
        sessionIdHash: handshake.display.tokenHash,
        lapsesAt: Date.now() + DISPLAY_RECHECK_MS,
        readable: undefined,
        display: true,
      }
    const { session, sessionId } = handshake
    return {
      ...common,
      userId: session.user.id,
      role: session.user.role,
      sessionId,
      sessionIdHash: session.idHash,
      lapsesAt: session.lapsesAt,
      readable: undefined,
      display: false,
    }
  }

  app.get('/ws', { websocket: true, onRequest: authenticateHandshake }, (socket: WebSocket, request) => {
    const handshake = handshakes.get(request)
    if (!handshake) return socket.close(1011, LIVE_MESSAGES.internal)
    const client = clientOf(socket, handshake)
    registry.add(client)
    socket.on('message', (raw, isBinary) => handleMessage(client, raw, isBinary))
    socket.on('pong', () => {
      client.alive = true
    })
    socket.on('close', () => registry.remove(client))
    // A protocol error (oversized frame…) means ws is already closing the socket: stop serving it.
    socket.on('error', () => registry.remove(client))
    send(client, { event: LIVE_EVENTS.connected, data: { userId: client.display ? null : client.userId } })
    // A logout or role change that landed during the handshake: decide again at once.
    if (handshake.epoch !== epoch) enqueue(client, () => recheck(client))
  })
}

export default fp(livePlugin, { name: 'live', dependencies: ['session', 'bus'] })
