// Lead extractions (issue #13, docs/domain.md "Extractions"): administrators, and managers for the
// leads they see (server/domain/leads/access.ts). A CSV up to the streaming limit is the response
// itself; anything larger, and every XLSX, is a background job answered 202 with its id.
import { createReadStream } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  extractionBodySchema,
  extractionCountBodySchema,
  extractionCountSchema,
  extractionIdParamsSchema,
  extractionListQuerySchema,
  extractionOptionsSchema,
  extractionPageSchema,
  extractionQueuedSchema,
} from '../../../src/contracts/extractions.ts'
import { countExtraction } from '../../domain/extractions/query.ts'
import { assertExtractionScope } from '../../domain/extractions/scope.ts'
import { extractionFile, extractionHistory, extractionOptions } from '../../domain/extractions/reads.ts'
import { EXTRACTION_QUEUE, extractionFileName, startExtraction } from '../../domain/extractions/changes.ts'
import { storedFilePath } from '../../domain/files/stored-files.ts'

export const EXTRACTORS = ['ADMIN', 'MANAGER'] as const

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

function attachment(fileName: string) {
  return `attachment; filename="${fileName}"`
}

export default async function extractionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const { filesDir, extractionStreamMaxRows } = app.config

  app.get(
    '/api/extractions/options',
    {
      config: { access: EXTRACTORS },
      schema: { tags: ['extractions'], response: { 200: extractionOptionsSchema, ...commonErrors } },
    },
    async (request) => extractionOptions(db, request.auth.user!, extractionStreamMaxRows),
  )

  app.post(
    '/api/extractions/count',
    {
      config: { access: EXTRACTORS },
      schema: {
        tags: ['extractions'],
        body: extractionCountBodySchema,
        response: { 200: extractionCountSchema, ...commonErrors },
      },
    },
    async (request) => {
      // Issue #26: a mission (or market) the requester does not see is refused, not counted as 0.
      await assertExtractionScope(db, request.auth.user!, request.body.filters)
      return { count: await countExtraction(db, request.auth.user!, request.body.filters) }
    },
  )

  app.post(
    '/api/extractions',
    {
      config: { access: EXTRACTORS },
      schema: {
        tags: ['extractions'],
        description:
          'A CSV of at most `streamMaxRows` rows is the 200 response itself (UTF-8 with BOM, `;`); otherwise 202 with the background extraction.',
        body: extractionBodySchema,
        // 200: the CSV file itself (a stream, sent as is).
        response: { 200: z.unknown(), 202: extractionQueuedSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const started = await startExtraction(db, request.auth.user!, request.body, {
        streamMaxRows: extractionStreamMaxRows,
        send: (tx, data) => app.jobs.send(EXTRACTION_QUEUE, data, { tx }),
      })
      if (started.kind === 'queued')
        return reply.code(202).send({ id: started.id, state: 'queued' as const, rowCount: started.rowCount })
      return reply
        .code(200)
        .header('content-type', started.contentType)
        .header('content-disposition', attachment(started.fileName))
        .header('cache-control', 'no-store')
        .header('x-extraction-id', String(started.id))
        .send(started.stream)
    },
  )

  app.get(
    '/api/extractions',
    {
      config: { access: EXTRACTORS },
      schema: {
        tags: ['extractions'],
        querystring: extractionListQuerySchema,
        response: { 200: extractionPageSchema, ...commonErrors },
      },
    },
    async (request) => extractionHistory(db, request.auth.user!, request.query),
  )

  app.get(
    '/api/extractions/:id/file',
    {
      config: { access: EXTRACTORS },
      schema: { tags: ['extractions'], params: extractionIdParamsSchema },
    },
    async (request, reply) => {
      const row = await extractionFile(db, request.auth.user!, request.params.id)
      return reply
        .header('content-type', CONTENT_TYPES[row.format])
        .header('content-disposition', attachment(extractionFileName(row.id, row.format, row.createdAt)))
        .header('cache-control', 'no-store')
        .send(createReadStream(storedFilePath(filesDir, row.storedFile)))
    },
  )
}
