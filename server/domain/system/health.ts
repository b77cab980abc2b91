// The healthcheck's one question to the database (GET /api/healthcheck).
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'

/** Whether the database answers; a failure is logged, not thrown (the healthcheck answers 503). */
export async function databaseAnswers(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch (error) {
    log.error({ err: error }, 'healthcheck: database unreachable')
    return false
  }
}
