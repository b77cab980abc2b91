// The folder of import and extraction files (issue #13). Expired files are purged every night by the
// scheduled job `files-purge` (issue #15, server/domain/crons/catalogue.ts).
import { mkdir } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

async function storedFilesPlugin(app: FastifyInstance) {
  await mkdir(app.config.filesDir, { recursive: true })
}

export default fp(storedFilesPlugin, { name: 'stored-files', dependencies: ['jobs'] })
