// The server bus: small signals between the parts of one process and between server processes.
// publish() runs this process's handlers at once, then (PostgreSQL only) sends the signal with
// NOTIFY so other processes run theirs. Payloads are small ids, never data (NOTIFY caps at 8 kB).
// If the LISTEN connection drops, signals may have been missed: handlers of 'reset' flush caches.
// Signals are sent in batches: while one NOTIFY transaction is in flight, the next ones queue and
// leave together in one statement. PostgreSQL serialises the commits of notifying transactions
// (one global lock held through the commit's WAL flush), so one NOTIFY per signal caps a busy
// process at a few hundred signals a second; batching makes the cost one commit per batch.
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pg from 'pg'
import type { Bus, BusTopic } from './bus-topics.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    bus: Bus
  }
}

/**
 * The NOTIFY channel and envelope (o = origin process, t = topic, d = data, s = sequence number: it
 * keeps two equal signals of one batch distinct, since PostgreSQL folds identical notifications of
 * one transaction into one); bench/ speaks it too.
 */
export const BUS_CHANNEL = 'app_bus'
export type BusEnvelope = { o: string; t: BusTopic; d: unknown; s?: number }

/**
 * Sends queued payloads with `send`, one batch at a time: what arrives during a send leaves with the
 * next one. Each caller's promise settles when its own batch was sent (or failed).
 */
export function createBatcher(send: (payloads: string[]) => Promise<void>) {
  let queue: { payload: string; resolve: () => void; reject: (error: unknown) => void }[] = []
  let sending = false

  async function drain() {
    sending = true
    while (queue.length > 0) {
      const batch = queue
      queue = []
      try {
        await send(batch.map((item) => item.payload))
        for (const item of batch) item.resolve()
      } catch (error) {
        for (const item of batch) item.reject(error)
      }
    }
    sending = false
  }

  return (payload: string) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ payload, resolve, reject })
      if (!sending) void drain()
    })
}

async function busPlugin(app: FastifyInstance) {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  const origin = randomUUID()
  const { pool } = app.database
  let listener: pg.Client | undefined
  let closed = false
  let sequence = 0
  const notify = createBatcher(async (payloads) => {
    await pool!.query(
      'select pg_notify($1, p) from unnest($2::text[]) with ordinality as b(p, n) order by n',
      [BUS_CHANNEL, payloads],
    )
  })

  let published = 0
  let received = 0
  function deliver(topic: BusTopic, data: unknown) {
    emitter.emit(topic, data)
  }

  async function listen(attempt = 0): Promise<void> {
    if (!pool || closed) return
    const client = new pg.Client({ connectionString: pool.options.connectionString })
    client.on('notification', (message) => {
      if (!message.payload) return
      try {
        const envelope = JSON.parse(message.payload) as BusEnvelope
        if (envelope.o !== origin) {
          received += 1
          deliver(envelope.t, envelope.d)
        }
      } catch (error) {
        app.log.error({ err: error }, 'bus: unreadable signal ignored')
      }
    })
    client.on('error', (error) => {
      app.log.warn({ err: error }, 'bus: LISTEN connection lost, reconnecting')
      void client.end().catch(() => undefined)
      if (listener === client) listener = undefined
      deliver('reset', {})
      if (!closed) setTimeout(() => void listen(1), 1000).unref()
    })
    try {
      await client.connect()
      await client.query(`listen ${BUS_CHANNEL}`)
      listener = client
      if (attempt > 0) deliver('reset', {})
    } catch (error) {
      await client.end().catch(() => undefined)
      if (attempt === 0) throw error
      app.log.warn({ err: error }, 'bus: reconnect failed, retrying')
      setTimeout(() => void listen(attempt + 1), Math.min(10_000, 1000 * attempt)).unref()
    }
  }

  await listen()
  app.addHook('onClose', async () => {
    closed = true
    await listener?.end().catch(() => undefined)
  })

  app.decorate('bus', {
    async publish(topic, data) {
      published += 1
      deliver(topic, data)
      if (pool) {
        sequence += 1
        await notify(JSON.stringify({ o: origin, t: topic, d: data, s: sequence } satisfies BusEnvelope))
      }
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler)
      return () => emitter.off(topic, handler)
    },
    counts: () => ({ published, received }),
  } satisfies Bus)
}

export default fp(busPlugin, { name: 'bus', dependencies: ['database'] })
