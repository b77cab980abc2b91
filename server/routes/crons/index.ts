// Scheduled jobs (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"): administrators list
// them, pause and resume them, run one now, and change a schedule after previewing it. Every change is
// audited (entity 'cron', by cron_settings.id).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, errorBodySchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema, versionBodySchema } from '../../../src/contracts/concurrency.ts'
import {
  CRON_PREVIEW_COUNT,
  cronJobSchema,
  cronKeyParamSchema,
  cronListSchema,
  cronPreviewQuerySchema,
  cronPreviewSchema,
  cronRunNowSchema,
  cronScheduleBodySchema,
} from '../../../src/contracts/crons.ts'
import { listCrons } from '../../domain/crons/reads.ts'
import {
  definitionOf,
  pauseCron,
  previewCron,
  rescheduleCron,
  resumeCron,
  runCronNow,
} from '../../domain/crons/schedules.ts'

const ADMIN = ['ADMIN'] as const

export default async function cronRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const jobAnswers = { 200: cronJobSchema, 409: conflictBodySchema(cronJobSchema), ...commonErrors }

  app.get(
    '/api/crons',
    {
      config: { access: ADMIN },
      schema: { tags: ['crons'], response: { 200: cronListSchema, ...commonErrors } },
    },
    async () => ({ jobs: await listCrons(app) }),
  )

  app.get(
    '/api/crons/:key/preview',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['crons'],
        params: cronKeyParamSchema,
        querystring: cronPreviewQuerySchema,
        response: { 200: cronPreviewSchema, ...commonErrors },
      },
    },
    async (request) => {
      return previewCron(app, definitionOf(request.params.key), request.query.cron, CRON_PREVIEW_COUNT)
    },
  )

  app.put(
    '/api/crons/:key/schedule',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['crons'],
        params: cronKeyParamSchema,
        body: cronScheduleBodySchema,
        response: jobAnswers,
      },
    },
    async (request) => rescheduleCron(app, request.auth.user!.id, request.params.key, request.body),
  )

  for (const [action, change] of [
    ['pause', pauseCron],
    ['resume', resumeCron],
  ] as const) {
    app.post(
      `/api/crons/:key/${action}`,
      {
        config: { access: ADMIN },
        schema: {
          tags: ['crons'],
          params: cronKeyParamSchema,
          body: versionBodySchema,
          response: jobAnswers,
        },
      },
      async (request) => change(app, request.auth.user!.id, request.params.key, request.body.version),
    )
  }

  app.post(
    '/api/crons/:key/run',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['crons'],
        params: cronKeyParamSchema,
        response: { 202: cronRunNowSchema, 409: errorBodySchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      await runCronNow(app, request.auth.user!.id, request.params.key)
      return reply.status(202).send({ queued: true })
    },
  )
}
