// Web push (issue #5): decorates `app.push` with the VAPID public key and a background sender.
// `notify(userIds, message)` returns at once: the request, the webhook or the award that caused the
// alert never waits for a push service, and never fails because of one. `idle()` resolves once every
// send started so far has settled (tests, dev endpoints, close).
import type { Agent } from 'node:https'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { loadVapidKeys } from '../push/vapid.ts'
import { isPushServiceEndpoint } from '../push/endpoints.ts'
import { createPushSender, type PushMessage } from '../push/sender.ts'

export type PushService = {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string
  /**
   * Sends in the background to every subscription of the users; never throws. The message may still
   * be in the making (a lookup): it is awaited in the background too.
   */
  notify: (userIds: readonly number[], message: PushMessage | Promise<PushMessage>) => void
  /** Whether a subscription may name this endpoint (server/push/endpoints.ts). */
  acceptsEndpoint: (endpoint: string) => boolean
  /** Settles once every send started so far has. */
  idle: () => Promise<void>
}

export type PushPluginOptions = {
  /** TLS settings for reaching push services (tests: trust a local HTTPS endpoint). */
  agent?: Agent
  /** Hosts accepted beside the known push services (tests: '127.0.0.1'); never from user input. */
  extraEndpointHosts?: readonly string[]
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    push: PushService
  }
}

async function pushPlugin(app: FastifyInstance, options: PushPluginOptions) {
  const { db } = app.database
  const vapid = await loadVapidKeys(db, app.config.push)
  const sender = createPushSender({
    db,
    log: app.log,
    vapid,
    ...(options.agent ? { agent: options.agent } : {}),
  })
  const pending = new Set<Promise<unknown>>()

  function notify(userIds: readonly number[], message: PushMessage | Promise<PushMessage>) {
    if (userIds.length === 0) return
    const sending = Promise.resolve(message)
      .then((ready) => sender.sendToUsers(userIds, ready))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'push: preparing the alert failed')
      })
      .finally(() => pending.delete(sending))
    pending.add(sending)
  }

  async function idle() {
    while (pending.size > 0) await Promise.all([...pending])
  }

  const extraHosts = options.extraEndpointHosts ?? []
  app.decorate('push', {
    publicKey: vapid.publicKey,
    notify,
    acceptsEndpoint: (endpoint) => isPushServiceEndpoint(endpoint, extraHosts),
    idle,
  } satisfies PushService)
  app.addHook('onClose', async () => {
    await idle()
  })
}

export default fp(pushPlugin, { name: 'push', dependencies: ['database'] })
