// Telephony (issue #4): decorates `app.telephony` with the provider chosen by TELEPHONY_PROVIDER
// (Aircall's Public API or the simulator) and the webhook processing queue. Deliveries are processed
// one after another, after the HTTP answer (Aircall times a webhook out after 5 s and disables it
// after repeated failures);
// `idle()` resolves once everything received so far is processed (tests, dev endpoints, close).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { channels } from '../../src/contracts/live.ts'
import type { AircallWebhookBody, TelephonyProviderName } from '../../src/contracts/call.ts'
import { createAircallClient } from '../telephony/aircall-client.ts'
import { createSimulator } from '../telephony/simulator.ts'
import type { TelephonyProvider } from '../telephony/provider.ts'
import { announceEarned } from '../domain/gamification/announce.ts'
import { handleWebhook, type ProcessingContext } from '../domain/webhooks/processing.ts'
import type { Telephony } from '../domain/calls/telephony.ts'
import { callAlertOf } from '../push/call-alert.ts'
import { callMessage } from '../push/messages.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    telephony: Telephony
  }
}

async function telephonyPlugin(app: FastifyInstance) {
  const { db } = app.database
  const context: ProcessingContext = {
    db,
    publishCall: (userId, callId, status) =>
      app.live.publish(channels.ongoingCallUpdate(userId), { callId, status }),
    userChanged: (userId) => app.bus.publish('user-changed', { userId }),
    // Issue #5: the agent's hidden tab or closed app rings too (web push, in the background).
    inboundRinging: (call) => app.push.notify([call.userId], callAlertOf(db, call).then(callMessage)),
    maxEventAgeMs: app.config.aircall.webhookMaxAgeMs,
    // Issue #14: experience, badges and tentacalls of answered or missed calls, after the commit.
    gamified: async (earned) => {
      for (const one of earned) await announceEarned(app, one)
    },
  }
  let chain: Promise<void> = Promise.resolve()

  function receive(provider: TelephonyProviderName, body: AircallWebhookBody) {
    chain = chain
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => handleWebhook(context, provider, body))
      .catch((error: unknown) =>
        app.log.error({ err: error, event: body.event }, 'telephony: processing failed'),
      )
  }

  async function idle() {
    let current: Promise<void>
    do {
      current = chain
      await current
    } while (current !== chain)
  }

  const simulator =
    app.config.telephonyProvider === 'simulator'
      ? createSimulator({
          db,
          answerDelayMs: app.config.simulatorAnswerDelayMs,
          emit: (body) => receive('simulator', body),
        })
      : undefined
  const provider: TelephonyProvider =
    simulator ??
    createAircallClient({
      apiId: app.config.aircall.apiId,
      apiToken: app.config.aircall.apiToken,
      apiUrl: app.config.aircall.apiUrl,
      timeoutMs: app.config.aircall.requestTimeoutMs,
    })
  if (!simulator && (!app.config.aircall.apiId || !app.config.aircall.webhookToken))
    app.log.warn(
      'telephony: Aircall selected but AIRCALL_API_ID/AIRCALL_API_TOKEN/AIRCALL_WEBHOOK_TOKEN missing',
    )

  // Outbound calls the provider never confirmed (server/domain/calls/pending-expiry.ts) are ended by the
  // scheduled job `pending-calls-expiry` every minute (issue #15, server/domain/crons/catalogue.ts).
  app.decorate('telephony', { provider, simulator, receive, idle, context })
  app.addHook('onClose', async () => {
    simulator?.close()
    await idle()
  })
}

export default fp(telephonyPlugin, { name: 'telephony', dependencies: ['database', 'bus', 'live', 'push'] })
