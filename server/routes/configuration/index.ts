// The configuration (issue #12 "Configuration", docs/domain.md "Configuration"): administrators read
// every setting with its version and change one key at a time; managers and teleoperators get 403.
// One PUT route per key, so each body is validated with that key's schema (and documented so).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, errorBodySchema } from '../../../src/contracts/common.ts'
import {
  CONFIGURATION_KEY_IDS,
  CONFIGURATION_KEYS,
  configurationBodySchema,
  type ConfigurationKey,
} from '../../../src/contracts/configuration.ts'
import { changeSetting, readConfigurationEntries } from '../../domain/configuration/settings.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'

const ADMINS = ['ADMIN'] as const

const entrySchema = z.object({
  key: z.enum(CONFIGURATION_KEYS as [ConfigurationKey, ...ConfigurationKey[]]),
  value: z.unknown(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
})

export default async function configurationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/configuration',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['configuration'],
        response: { 200: z.object({ items: z.array(entrySchema) }), ...commonErrors },
      },
    },
    async () => ({ items: await readConfigurationEntries(db) }),
  )

  for (const key of CONFIGURATION_KEYS) {
    app.put(
      `/api/configuration/${key}`,
      {
        config: { access: ADMINS },
        schema: {
          tags: ['configuration'],
          body: configurationBodySchema(key),
          response: {
            200: entrySchema,
            409: errorBodySchema.extend({ current: entrySchema.optional() }),
            ...commonErrors,
          },
        },
      },
      async (request) => {
        const entry = await changeSetting(db, request.auth.user!.id, key, request.body)
        await publishReferenceDataChanged(app, { kind: 'configuration', id: CONFIGURATION_KEY_IDS[key] })
        return entry
      },
    )
  }
}
