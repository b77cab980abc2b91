// Issue #15 "Developer pages": the simulated floor (spec §7 POST /api/dev/call-center-activity
// {action: start|stop}, and GET for the page's live view) and /dev/uat-settings' endpoints (the
// simulator settings, the environment's facts, POST /api/dev/uat/reset-calls-and-leads). Registered
// by server/routes/dev/index.ts, which returns early in production; the floor itself also refuses
// there. Any signed-in user, like every developer page outside production, but the reset, which
// deletes everyone's leads and calls: administrators, as POST /api/dev/leads (docs/decisions.md).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  floorActionBodySchema,
  floorStateSchema,
  simulatorSettingsSchema,
  uatResetResponseSchema,
  uatSettingsSchema,
} from '../../../src/contracts/dev-floor.ts'
import { createFloor } from '../../domain/floor/engine.ts'
import { loadSimulatorSettings, saveSimulatorSettings } from '../../domain/floor/simulator-settings.ts'
import { resetCallsAndLeads } from '../../domain/floor/uat-reset.ts'
import { errors } from '../../lib/http-error.ts'

const FLOOR_RUNNING = 'Arrêtez d’abord la simulation du plateau : elle utilise les leads.'
const withConflict = { ...commonErrors, 409: commonErrors[400] }

export default async function devFloorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const floor = createFloor(app)
  // Stops cleanly on server close: no call left open, no lead left held.
  app.addHook('onClose', async () => floor.close())
  // The answer delay saved on /dev/uat-settings outlives restarts.
  app.addHook('onReady', async () => {
    const settings = await loadSimulatorSettings(db, app.config.simulatorAnswerDelayMs)
    app.telephony.simulator?.setAnswerDelay(settings.answerDelayMs)
  })

  app.get(
    '/api/dev/call-center-activity',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], response: { 200: floorStateSchema, ...commonErrors } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return floor.state()
    },
  )

  app.post(
    '/api/dev/call-center-activity',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dev'],
        body: floorActionBodySchema,
        response: { 200: floorStateSchema, ...withConflict },
      },
    },
    async (request) => {
      const body = request.body
      const actor = request.auth.user!
      if (body.action === 'start') await floor.start({ userIds: body.userIds, speed: body.speed })
      else await floor.stop()
      request.log.warn(
        { event: `dev.floor.${body.action}`, userId: actor.id },
        `dev: simulated floor ${body.action}`,
      )
      return floor.state()
    },
  )

  app.get(
    '/api/dev/uat-settings',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], response: { 200: uatSettingsSchema, ...commonErrors } },
    },
    async () => ({
      environment: {
        appEnv: app.config.appEnv,
        version: app.config.version,
        databaseKind: app.database.kind,
        telephonyProvider: app.telephony.provider.name,
      },
      simulator: await loadSimulatorSettings(db, app.config.simulatorAnswerDelayMs),
      floorRunning: await floor.isRunning(),
    }),
  )

  app.put(
    '/api/dev/uat-settings/simulator',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dev'],
        body: simulatorSettingsSchema,
        response: { 200: simulatorSettingsSchema, ...commonErrors },
      },
    },
    async (request) => {
      await saveSimulatorSettings(db, request.body)
      // This process's manual calls at once; the others' at their next start (docs/decisions.md).
      app.telephony.simulator?.setAnswerDelay(request.body.answerDelayMs)
      request.log.warn(
        { event: 'dev.uat.simulator-settings', userId: request.auth.user!.id, settings: request.body },
        'dev: simulator settings changed',
      )
      return request.body
    },
  )

  app.post(
    '/api/dev/uat/reset-calls-and-leads',
    {
      config: { access: ['ADMIN'] },
      schema: { tags: ['dev'], response: { 200: uatResetResponseSchema, ...withConflict } },
    },
    async (request) => {
      if (await floor.isRunning()) throw errors.conflict(FLOOR_RUNNING)
      const result = await resetCallsAndLeads(db)
      request.log.warn(
        { event: 'dev.uat.reset', userId: request.auth.user!.id, ...result },
        'dev: calls and leads reset to the demo state',
      )
      // Every signed-in screen drops what it holds of leads, calls and activity, and refetches.
      await app.live.broadcastReferenceData({ kind: 'demoData', id: null })
      app.leaderboard.changed()
      return { ok: true as const, ...result }
    },
  )
}
