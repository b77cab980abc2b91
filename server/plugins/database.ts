// Opens the database (PGlite or PostgreSQL), applies migrations, seeds demo data when asked,
// and closes it with the app.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { openDatabase, type Database } from '../db/client.ts'
import { seedDemoData } from '../db/seed.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    database: Database
  }
}

export type DatabasePluginOptions = { database?: Database }

async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions) {
  const { config } = app
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => app.log.warn({ err: error }, 'database: idle connection lost'),
    }))
  app.decorate('database', database)
  if (config.seedDemo) await seedDemoData(database.db, app.log)
  // A database handed in by a test belongs to the test; only close what this plugin opened.
  if (!options.database) app.addHook('onClose', () => database.close())
}

export default fp(databasePlugin, { name: 'database' })
