// @both-databases: the hand-out under contention (row locks).
// Issue #4: under contention the assignment is exactly-once, within one process and across two, on
// real PostgreSQL (PGlite has one connection: nothing runs concurrently there).
import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { leads, sessions, users } from '../../db/schema.ts'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertLeads, insertMission } from '../../../tests/factories/leads.ts'

const USERS = 100

/** 100 signed-in teleoperators without 100 scrypt logins: session rows written directly. */
async function signedInTeleoperators(database: Database, prefix: string) {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        email: `${prefix}${i}@test.fr`,
        firstName: 'T',
        lastName: `${prefix}${i}`,
        role: 'TELEOPERATOR' as const,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id })
  const ids = rows.map((r) => r.id)
  const raw = ids.map(() => randomBytes(32).toString('base64url'))
  await database.db.insert(sessions).values(
    ids.map((userId, i) => ({
      userId,
      idHash: createHash('sha256').update(raw[i]!).digest('base64url'),
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  )
  return { ids, raw }
}

async function agentsFor(apps: FastifyInstance[], raw: string[]): Promise<Agent[]> {
  const agents = raw.map((id, i) => {
    const agent = createAgent(apps[i % apps.length]!)
    agent.cookies.set('sid', id)
    return agent
  })
  // One GET each sets the XSRF pair, like a page load.
  await Promise.all(agents.map((agent) => agent.request({ url: '/api/user/me' })))
  return agents
}

async function expectExactlyOnce(database: Database, agents: Agent[], userIds: number[]) {
  const responses = await Promise.all(
    agents.map((agent) => agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })),
  )
  expect(responses.map((r) => r.statusCode)).toEqual(agents.map(() => 200))
  const redirects = responses.map((r) => r.json().redirect as string)
  expect(redirects.every(Boolean)).toBe(true)
  expect(new Set(redirects).size).toBe(agents.length)
  const held = await database.db
    .select({ id: leads.id, userId: leads.processingUserId })
    .from(leads)
    .where(isNotNull(leads.processingUserId))
  expect(held).toHaveLength(agents.length)
  expect(new Set(held.map((h) => h.userId))).toEqual(new Set(userIds))
  const holders = await database.db
    .select({ id: users.id })
    .from(users)
    .where(isNotNull(users.processingLeadId))
  expect(holders).toHaveLength(agents.length)
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('find-lead-to-process under contention (PostgreSQL)', () => {
  const startProcess = serverProcessesOnOneDatabase()
  const start = () => startProcess()
  let first: Awaited<ReturnType<typeof start>> | undefined

  it('100 teleoperators asking at the same instant get 100 different leads', async () => {
    const a = await start()
    first = a
    const { ids, raw } = await signedInTeleoperators(a.database, 'one')
    const { market } = await insertMission(a.database.db, { userIds: ids })
    await insertLeads(a.database.db, market.id, 150)
    const agents = await agentsFor([a.app], raw)
    await expectExactlyOnce(a.database, agents, ids)
  })

  it('the same split across two server processes on one database', async () => {
    const a = first ?? (await start())
    const b = await start()
    await a.database.db.execute(sql`truncate leads, lead_events, sessions restart identity cascade`)
    await a.database.db.execute(sql`update users set processing_lead_id = null`)
    const { ids, raw } = await signedInTeleoperators(a.database, 'two')
    const { market } = await insertMission(a.database.db, { userIds: ids })
    await insertLeads(a.database.db, market.id, 120)
    const agents = await agentsFor([a.app, b.app], raw)
    await expectExactlyOnce(a.database, agents, ids)
  })
})
