import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase } from '../db/client.ts'
import { sessions } from '../db/schema.ts'
import { createPgTestDatabase, testConfig } from '../../tests/setup/test-app.ts'
import { createAgent } from '../../tests/setup/agent.ts'
import { insertUser } from '../../tests/factories/users.ts'

const baseUrl = process.env.TEST_DATABASE_URL || undefined
const dataDir = mkdtempSync(path.join(tmpdir(), 'session-test-'))
const pgDb = baseUrl ? await createPgTestDatabase(baseUrl) : undefined

async function start() {
  const database = await openDatabase({ databaseUrl: pgDb?.url, dataDir })
  const app = await buildApp({ config: testConfig({ dataDir }), database, logger: false })
  return { app, database }
}

afterAll(async () => {
  await pgDb?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('sessions', () => {
  it('survive a restart of the app on the same data', async () => {
    const first = await start()
    await insertUser(first.database.db, { email: 'a@test.fr' })
    const agent = createAgent(first.app)
    expect((await agent.login('a@test.fr')).statusCode).toBe(200)
    await first.app.close()
    await first.database.close()

    const second = await start()
    try {
      const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const me = await second.app.inject({ url: '/api/user/me', headers: { cookie } })
      expect(me.statusCode).toBe(200)
      expect(me.json().email).toBe('a@test.fr')
      // The XSRF token issued by the first process is still valid in the second (shared secret).
      const pref = await second.app.inject({
        method: 'POST',
        url: '/api/user/preference/tour',
        headers: { cookie, 'x-xsrf-token': agent.cookies.get('XSRF-TOKEN')! },
        payload: { preferenceValue: false },
      })
      expect(pref.statusCode).toBe(200)
    } finally {
      await second.app.close()
      await second.database.close()
    }
  })

  it('expire after the idle timeout', async () => {
    const { app, database } = await start()
    try {
      await insertUser(database.db, { email: 'idle@test.fr' })
      const agent = createAgent(app)
      await agent.login('idle@test.fr')
      await database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - app.config.sessionIdleMs - 1000) })
      expect((await agent.request({ url: '/api/user/me' })).statusCode).toBe(401)
    } finally {
      await app.close()
      await database.close()
    }
  })
})
