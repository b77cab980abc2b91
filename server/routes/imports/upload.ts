// POST /api/imports (issue #13): one file in a multipart form, up to IMPORT_MAX_FILE_BYTES, streamed to
// the files folder (server/domain/imports/upload.ts); its own plugin so multipart parsing is
// registered for this route only, as server/routes/users/avatar.ts does.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import multipart from '@fastify/multipart'
import { commonErrors } from '../../../src/contracts/common.ts'
import { IMPORT_MAX_FILE_BYTES, importDetailSchema } from '../../../src/contracts/imports.ts'
import { uploadedFile } from '../../domain/files/uploads.ts'
import { badFile, createImportFromUpload } from '../../domain/imports/upload.ts'

export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 },
  })

  app.post(
    '/api/imports',
    {
      config: { access: ['ADMIN'] },
      bodyLimit: IMPORT_MAX_FILE_BYTES + 1024 * 1024,
      schema: {
        tags: ['imports'],
        consumes: ['multipart/form-data'],
        response: { 201: importDetailSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const file = await uploadedFile(request, 'Envoyez le fichier dans un formulaire multipart.', () =>
        badFile('Aucun fichier reçu.'),
      )
      const detail = await createImportFromUpload(
        app.database.db,
        app.config.filesDir,
        request.auth.user!.id,
        {
          fileName: file.filename,
          stream: file.file,
          truncated: () => file.file.truncated,
        },
      )
      return reply.status(201).send(detail)
    },
  )
}
