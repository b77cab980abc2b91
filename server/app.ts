// Builds the Fastify app: used by server/main.ts and by the tests (app.inject).
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fastifyTrustProxy, type AppConfig } from './config.ts'
import { OneLinePerRequest, loggerOptions } from './lib/request-log.ts'
import type { Database } from './db/client.ts'
import databasePlugin from './plugins/database.ts'
import inFlightPlugin from './plugins/in-flight.ts'
import errorsPlugin from './plugins/errors.ts'
import securityHeadersPlugin from './plugins/security-headers.ts'
import sessionPlugin from './plugins/session.ts'
import idempotencyPlugin from './plugins/idempotency.ts'
import staticPlugin from './plugins/static.ts'
import mailerPlugin from './plugins/mailer.ts'
import busPlugin from './live/bus.ts'
import jobsPlugin from './plugins/jobs.ts'
import storedFilesPlugin from './plugins/stored-files.ts'
import meCachePlugin from './plugins/me-cache.ts'
import livePlugin from './live/hub.ts'
import leaderboardPlugin from './plugins/leaderboard.ts'
import telephonyPlugin from './plugins/telephony.ts'
import cronsPlugin from './plugins/crons.ts'
import smsPlugin from './plugins/sms.ts'
import workersPlugin from './plugins/workers.ts'
import metricsPlugin from './plugins/metrics.ts'
import pushPlugin, { type PushPluginOptions } from './plugins/push.ts'
import authRoutes from './routes/auth/index.ts'
import userRoutes from './routes/users/index.ts'
import leadRoutes from './routes/leads/index.ts'
import devRoutes from './routes/dev/index.ts'
import systemRoutes from './routes/system/index.ts'
import metricsRoutes from './routes/metrics/index.ts'
import webhookRoutes from './routes/webhooks/index.ts'
import webhookStatusRoutes from './routes/webhooks/status.ts'
import callRoutes from './routes/calls/index.ts'
import callTagRoutes from './routes/calls/tag.ts'
import pushRoutes from './routes/push/index.ts'
import teamRoutes from './routes/teams/index.ts'
import tagRoutes from './routes/tags/index.ts'
import callProcessRoutes from './routes/call-processes/index.ts'
import missionRoutes from './routes/missions/index.ts'
import marketRoutes from './routes/markets/index.ts'
import configurationRoutes from './routes/configuration/index.ts'
import assignmentRoutes from './routes/assignments/index.ts'
import auditRoutes from './routes/audit/index.ts'
import importRoutes from './routes/imports/index.ts'
import extractionRoutes from './routes/extractions/index.ts'
import gamificationRoutes from './routes/gamification/index.ts'
import leaderboardRoutes from './routes/leaderboard/index.ts'
import displayLinkRoutes from './routes/display-links/index.ts'
import activityRoutes from './routes/activity/index.ts'
import timelineRoutes from './routes/timeline/index.ts'
import followUpRoutes from './routes/follow-up/index.ts'
import recallRoutes from './routes/recalls/index.ts'
import cronRoutes from './routes/crons/index.ts'
import smsRoutes from './routes/sms/index.ts'
import mailRoutes from './routes/mails/index.ts'

z.config(z.locales.fr())

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    config: AppConfig
  }
}

export type BuildOptions = {
  config: AppConfig
  database?: Database
  logger?: boolean
  /** Web push transport settings (tests reach a local HTTPS push endpoint). */
  push?: PushPluginOptions
  /** Where log lines go (default stdout); tests read them from a stream of their own. */
  logStream?: { write: (line: string) => void }
}

export async function buildApp({
  config,
  database,
  logger = true,
  push,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config, logStream) : false,
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // The first start on an empty PGlite migrates and seeds 2,400 leads: slow on a busy machine.
    pluginTimeout: 120_000,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)

  await app.register(errorsPlugin)
  await app.register(inFlightPlugin)
  await app.register(cookie)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(swagger, {
    openapi: { info: { title: 'Centre d’appels API', version: config.version } },
    transform: jsonSchemaTransform,
  })
  await app.register(databasePlugin, database ? { database } : {})
  await app.register(busPlugin)
  await app.register(jobsPlugin)
  await app.register(storedFilesPlugin)
  await app.register(mailerPlugin)
  await app.register(sessionPlugin)
  // After the session plugin: each puts its hook first on every route, so the headers' comes first
  // and every answer carries them, a 401 or 403 included (issue #27, per-route hooks).
  await app.register(securityHeadersPlugin)
  await app.register(meCachePlugin)
  // Before the routes: its onRoute hook checks every `config.idempotent` route (issue #5).
  await app.register(idempotencyPlugin)
  // Before the routes: @fastify/websocket wraps the handlers of routes registered after it, so an
  // upgrade request reaching any other route is answered and its socket destroyed.
  await app.register(livePlugin)
  // Issue #15: before the routes, so its onResponse hook counts every one of them (app.metrics).
  await app.register(metricsPlugin)
  // Issue #14: the leaderboard's coalesced live signal and per-process read cache (app.leaderboard).
  await app.register(leaderboardPlugin)
  await app.register(pushPlugin, push ?? {})
  await app.register(telephonyPlugin)
  // Issue #15 "SMS": the quiet hours' clock.
  await app.register(smsPlugin)
  // Issue #28: every queue's worker (server/jobs/queues.ts), after every plugin their work uses.
  await app.register(workersPlugin)
  // Issue #15: the scheduled jobs' schedules, once their queues have workers.
  await app.register(cronsPlugin)

  await app.register(systemRoutes)
  await app.register(metricsRoutes)
  await app.register(authRoutes)
  await app.register(userRoutes)
  await app.register(webhookRoutes)
  await app.register(webhookStatusRoutes)
  await app.register(callRoutes)
  await app.register(callTagRoutes)
  await app.register(leadRoutes)
  await app.register(pushRoutes)
  await app.register(teamRoutes)
  await app.register(tagRoutes)
  await app.register(callProcessRoutes)
  await app.register(missionRoutes)
  await app.register(marketRoutes)
  await app.register(configurationRoutes)
  await app.register(assignmentRoutes)
  await app.register(auditRoutes)
  await app.register(importRoutes)
  await app.register(extractionRoutes)
  await app.register(gamificationRoutes)
  await app.register(leaderboardRoutes)
  await app.register(displayLinkRoutes)
  await app.register(activityRoutes)
  await app.register(timelineRoutes)
  await app.register(followUpRoutes)
  await app.register(recallRoutes)
  await app.register(cronRoutes)
  await app.register(smsRoutes)
  await app.register(mailRoutes)
  await app.register(devRoutes)
  await app.register(staticPlugin)
  return app
}
