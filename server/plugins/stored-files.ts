// The purge of expired import and extraction files (issue #13), every night at 3:00 Paris on the job
// engine: one run per night across every process, and one after a night the whole service was down.
import { mkdir } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { purgeExpiredFiles } from '../domain/stored-files.ts'

export const FILES_PURGE_QUEUE = 'stored-files-purge'

async function storedFilesPlugin(app: FastifyInstance) {
  await mkdir(app.config.filesDir, { recursive: true })
  app.jobs.work(FILES_PURGE_QUEUE, { retryLimit: 3, retryDelay: 60 }, async () => {
    const purged = await purgeExpiredFiles(app.database.db, app.config.filesDir, new Date())
    app.log.info({ purged }, 'stored files: expired files purged')
  })
  app.jobs.schedule(FILES_PURGE_QUEUE, '0 3 * * *', { missed: 'once' })
}

export default fp(storedFilesPlugin, { name: 'stored-files', dependencies: ['jobs'] })
