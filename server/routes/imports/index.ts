// Lead integration (issue #13; contract src/contracts/imports.ts, rules docs/domain.md "Lead import"):
// administrators upload a file, set its mission, market and columns, read the preview, start the
// import (a background job) and follow it, cancel or undo it, and read the history.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, errorBodySchema, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import {
  importDetailSchema,
  importHeaderSchema,
  importHistoryPageSchema,
  importHistoryQuerySchema,
  importMappingSchema,
  importSettingsSchema,
} from '../../../src/contracts/imports.ts'
import { cancelImport, startImport } from '../../domain/imports/actions.ts'
import { discardImport } from '../../domain/imports/discard.ts'
import { setImportHeader } from '../../domain/imports/header.ts'
import { listImports } from '../../domain/imports/history.ts'
import { deleteMapping, listMappings } from '../../domain/imports/mappings.ts'
import { updateImportSettings } from '../../domain/imports/settings.ts'
import { getImportDetail } from '../../domain/imports/store.ts'
import { undoImport } from '../../domain/imports/undo.ts'
import fileRoutes from './files.ts'
import uploadRoutes from './upload.ts'

export const IMPORT_ACCESS = ['ADMIN'] as const

export default async function importRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const config = { access: IMPORT_ACCESS }
  const tags = ['imports']
  const answers = { 200: importDetailSchema, 409: errorBodySchema, ...commonErrors }

  app.get(
    '/api/imports',
    {
      config,
      schema: {
        tags,
        querystring: importHistoryQuerySchema,
        response: { 200: importHistoryPageSchema, ...commonErrors },
      },
    },
    async (request) => listImports(db, request.query),
  )

  app.get(
    '/api/imports/:id',
    {
      config,
      schema: { tags, params: idParamSchema, response: { 200: importDetailSchema, ...commonErrors } },
    },
    async (request) => getImportDetail(db, request.params.id),
  )

  app.put(
    '/api/imports/:id/settings',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: importSettingsSchema,
        response: { 200: importDetailSchema, 409: conflictBodySchema(importDetailSchema), ...commonErrors },
      },
    },
    async (request) => updateImportSettings(app, request.auth.user!.id, request.params.id, request.body),
  )

  app.put(
    '/api/imports/:id/header',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: importHeaderSchema,
        response: { 200: importDetailSchema, 409: conflictBodySchema(importDetailSchema), ...commonErrors },
      },
    },
    async (request) => setImportHeader(app, request.auth.user!.id, request.params.id, request.body),
  )

  app.delete(
    '/api/imports/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        response: {
          200: z.object({ id: z.number().int(), deleted: z.literal(true) }),
          409: errorBodySchema,
          ...commonErrors,
        },
      },
    },
    async (request) => {
      await discardImport(app, request.auth.user!.id, request.params.id)
      return { id: request.params.id, deleted: true as const }
    },
  )

  app.post(
    '/api/imports/:id/start',
    { config, schema: { tags, params: idParamSchema, response: answers } },
    async (request) => startImport(app, request.auth.user!.id, request.params.id),
  )

  app.post(
    '/api/imports/:id/cancel',
    { config, schema: { tags, params: idParamSchema, response: answers } },
    async (request) => cancelImport(app, request.auth.user!.id, request.params.id),
  )

  app.post(
    '/api/imports/:id/undo',
    { config, schema: { tags, params: idParamSchema, response: answers } },
    async (request) => undoImport(app, request.auth.user!.id, request.params.id),
  )

  app.get(
    '/api/import-mappings',
    { config, schema: { tags, response: { 200: z.array(importMappingSchema), ...commonErrors } } },
    async () => listMappings(db),
  )

  app.delete(
    '/api/import-mappings/:id',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }), ...commonErrors },
      },
    },
    async (request) => {
      await deleteMapping(db, request.params.id)
      return { id: request.params.id, deleted: true as const }
    },
  )

  await app.register(uploadRoutes)
  await app.register(fileRoutes)
}
