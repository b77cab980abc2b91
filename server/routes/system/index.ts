// Health, runtime client configuration and the OpenAPI document.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { appConfigSchema, healthSchema } from '../../../src/contracts/user.ts'
import { databaseAnswers } from '../../domain/system/health.ts'
import { publicConfig } from '../../lib/public-config.ts'

export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/healthcheck',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const { version } = app.config
      if (await databaseAnswers(app.database.db, app.log))
        return { status: 'ok' as const, db: 'ok' as const, version }
      return reply.status(503).send({ status: 'degraded', db: 'down', version })
    },
  )

  // The client learns APP_ENV, version and the Sentry DSN at runtime, not from a rebuild.
  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: appConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return publicConfig(app.config)
    },
  )

  // The API's map: public outside production (developers), administrators only in production
  // (issue #17: no reconnaissance help for anyone else).
  const openApiAccess = app.config.appEnv === 'production' ? (['ADMIN'] as const) : 'public'
  app.get('/api/openapi.json', { config: { access: openApiAccess }, schema: { hide: true } }, async () =>
    app.swagger(),
  )
}
