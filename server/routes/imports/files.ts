// The files of an import (issue #13): the original, kept 30 days (410 once purged), and the report of
// the rows it did not write (rejected.csv), streamed.
import { createReadStream } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { idParamSchema } from '../../../src/contracts/common.ts'
import { keptOriginalPath } from '../../domain/imports/files.ts'
import { rejectedRowsCsv } from '../../domain/imports/report.ts'
import { findImport } from '../../domain/imports/store.ts'

const MIME = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

function withoutExtension(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '') || 'import'
}

export default async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/imports/:id/file',
    {
      config: { access: ['ADMIN'] },
      // No response schema: the answer is the file (410 FILE_GONE once purged).
      schema: { tags: ['imports'], params: idParamSchema },
    },
    async (request, reply) => {
      const row = await findImport(db, request.params.id)
      const filePath = await keptOriginalPath(app.config.filesDir, row)
      reply.header('content-type', MIME[row.fileKind])
      reply.header('content-disposition', attachment(row.fileName))
      reply.header('cache-control', 'private, no-store')
      return reply.send(createReadStream(filePath))
    },
  )

  app.get(
    '/api/imports/:id/rejected.csv',
    { config: { access: ['ADMIN'] }, schema: { tags: ['imports'], params: idParamSchema } },
    async (request, reply) => {
      const row = await findImport(db, request.params.id)
      reply.header('content-type', 'text/csv; charset=utf-8')
      reply.header(
        'content-disposition',
        attachment(`${withoutExtension(row.fileName)} - lignes rejetées.csv`),
      )
      reply.header('cache-control', 'private, no-store')
      return reply.send(rejectedRowsCsv(db, app.config.filesDir, row))
    },
  )
}
