// The managers' `activity` signal (issue #14, docs/domain.md "Activity"): derived from the signals an
// agent's own pages already get — their call (`ongoing-call:update`), their leads (`lead:update`), their
// experience — and from `user-changed` (the sheet they view, the lead they hold, their sessions), so no
// write path has to remember it. Every process sees every signal on the bus and serves its own sockets:
// a manager's or administrator's socket following its own `user:{id}:activity` gets `{ userId, cause }`
// for the agents it may read (server/domain/access/live-access.ts), a burst for one agent once.
import type { ActivityCause, LiveChannelKind, ServerMessage } from '../../src/contracts/live.ts'
import { channels, parseChannel } from '../../src/contracts/live.ts'
import type { Db } from '../db/client.ts'
import { canRead, readableUsers, type Readable } from '../domain/access/live-access.ts'
import type { Bus } from './bus-topics.ts'
import type { LiveClient, LiveRegistry } from './registry.ts'

/** The agent's own signals that say their activity changed, and why. */
const CAUSES: Partial<Record<LiveChannelKind, ActivityCause>> = {
  ongoingCallUpdate: 'call',
  leadUpdate: 'lead',
  experience: 'experience',
}

export type ActivityFanoutDeps = {
  bus: Bus
  db: Db
  registry: LiveRegistry
  deliver: (client: LiveClient, frame: Buffer) => void
  /** The socket's task queue (server/live/protocol.ts): signals keep their order with its messages. */
  enqueue: (client: LiveClient, task: () => Promise<void> | void) => void
  epoch: () => number
}

export function followActivity({ bus, db, registry, deliver, enqueue, epoch }: ActivityFanoutDeps) {
  /** Agents with a signal queued, per socket: a burst (a tag: call, lead, experience) sends one. */
  const pending = new WeakMap<LiveClient, Set<number>>()

  /** What the socket may read, cached on it as the protocol does (forgotten with the epoch). */
  async function readableOf(client: LiveClient): Promise<Readable> {
    const before = epoch()
    if (client.readable?.epoch === before) return client.readable.value
    const value = await readableUsers(db, { id: client.userId, role: client.role })
    if (before === epoch()) client.readable = { value, epoch: before }
    return value
  }

  function notify(userId: number, cause: ActivityCause) {
    for (const client of registry.followersOf('activity')) {
      const channel = channels.activity(client.userId)
      if (!client.channels.has(channel)) continue
      const queued = pending.get(client) ?? new Set<number>()
      if (queued.has(userId)) continue
      queued.add(userId)
      pending.set(client, queued)
      enqueue(client, async () => {
        queued.delete(userId)
        // The subscription may have been revoked meanwhile (a role change re-checks it).
        if (!client.channels.has(channel) || !canRead(await readableOf(client), userId)) return
        const message: ServerMessage = { event: channel, data: { userId, cause } }
        deliver(client, Buffer.from(JSON.stringify(message)))
      })
    }
  }

  bus.subscribe('live', ({ channel }) => {
    const parsed = parseChannel(channel)
    const cause = parsed ? CAUSES[parsed.kind] : undefined
    if (parsed?.userId && cause) notify(parsed.userId, cause)
  })
  bus.subscribe('user-changed', ({ userId }) => notify(userId, 'user'))
}
