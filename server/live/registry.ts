// The live sockets of this process, indexed the ways the hub looks them up: by channel (to deliver),
// by channel kind (the per-user channels a signal is derived for: activity, reference data, import
// progress), by user and by session (to re-check authorisation when the bus says they changed).
// Nothing on a delivery path walks every socket (issue #27: a walk per `lead:update` made the
// fan-out of 2,200 sockets 13× slower).
import type { WebSocket } from 'ws'
import { parseChannel, type LiveChannelKind } from '../../src/contracts/live-core.ts'
import type { Role } from '../../src/contracts/roles.ts'
import type { Readable } from '../domain/access/live-access.ts'

export type LiveClient = {
  socket: WebSocket
  userId: number
  role: Role
  /** Raw session id, kept in memory only (like the session cache) to look the session up again. */
  sessionId: string
  sessionIdHash: string
  /** When the session lapses unless used meanwhile; re-checked by the heartbeat after that. */
  lapsesAt: number
  channels: Set<string>
  /** A pong came back since the last ping. */
  alive: boolean
  /** Subscribe, unsubscribe, ping and re-checks of one socket run in order, one at a time. */
  queue: Promise<void>
  /** Users this socket may read, computed on demand; forgotten when users or teams change. */
  readable: { value: Readable; epoch: number } | undefined
  closed: boolean
  /**
   * Issue #14: a wall screen's display link, not a user: it reads the leaderboard's channel only
   * (`userId` 0 and `role` mean nothing then), `sessionId` is its token, `sessionIdHash` its hash.
   */
  display: boolean
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key)
  if (set) set.add(value)
  else map.set(key, new Set([value]))
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key)
  if (!set) return
  set.delete(value)
  if (set.size === 0) map.delete(key)
}

export type LiveRegistry = ReturnType<typeof createLiveRegistry>

export function createLiveRegistry() {
  const all = new Set<LiveClient>()
  const byChannel = new Map<string, Set<LiveClient>>()
  const byUser = new Map<number, Set<LiveClient>>()
  const bySession = new Map<string, Set<LiveClient>>()
  /** Sockets following at least one channel of each kind. */
  const byKind = new Map<LiveChannelKind, Set<LiveClient>>()
  const kindOf = (channel: string) => parseChannel(channel)?.kind
  const leaveKind = (client: LiveClient, kind: LiveChannelKind | undefined) => {
    if (!kind) return
    for (const other of client.channels) if (kindOf(other) === kind) return
    removeFrom(byKind, kind, client)
  }

  return {
    add(client: LiveClient) {
      all.add(client)
      addTo(byUser, client.userId, client)
      addTo(bySession, client.sessionIdHash, client)
    },
    remove(client: LiveClient) {
      client.closed = true
      all.delete(client)
      removeFrom(byUser, client.userId, client)
      removeFrom(bySession, client.sessionIdHash, client)
      for (const channel of client.channels) {
        removeFrom(byChannel, channel, client)
        const kind = kindOf(channel)
        if (kind) removeFrom(byKind, kind, client)
      }
      client.channels.clear()
    },
    subscribe(client: LiveClient, channel: string) {
      if (client.closed) return
      client.channels.add(channel)
      addTo(byChannel, channel, client)
      const kind = kindOf(channel)
      if (kind) addTo(byKind, kind, client)
    },
    unsubscribe(client: LiveClient, channel: string) {
      if (!client.channels.delete(channel)) return
      removeFrom(byChannel, channel, client)
      leaveKind(client, kindOf(channel))
    },
    subscribers: (channel: string): ReadonlySet<LiveClient> | undefined => byChannel.get(channel),
    /** Sockets that follow a channel of `kind` (for a signal derived per follower). */
    followersOf: (kind: LiveChannelKind): ReadonlySet<LiveClient> => byKind.get(kind) ?? new Set(),
    ofUser: (userId: number): ReadonlySet<LiveClient> => byUser.get(userId) ?? new Set(),
    ofSession: (idHash: string): ReadonlySet<LiveClient> => bySession.get(idHash) ?? new Set(),
    all: (): ReadonlySet<LiveClient> => all,
  }
}
