// @both-databases: the session store's statements on both drivers.
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase } from '../db/client.ts'
import { sessions } from '../db/schema.ts'
import { createPgTestDatabase, testConfig } from '../../tests/setup/test-app.ts'
import { createAgent, TEST_PASSWORD } from '../../tests/setup/agent.ts'
import { insertUser } from '../../tests/factories/users.ts'

const baseUrl = process.env.TEST_DATABASE_URL || undefined
const dataDir = mkdtempSync(path.join(tmpdir(), 'session-test-'))
const pgDb = baseUrl ? await createPgTestDatabase(baseUrl) : undefined

let started = false

async function start() {
  // On PGlite the data directory starts as the run's migrated template (no migration per file).
  const snapshot = pgDb || started ? undefined : await openAsBlob(inject('pgliteTemplate'))
  started = true
  const database = await openDatabase({ databaseUrl: pgDb?.url, dataDir, ...(snapshot ? { snapshot } : {}) })
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

type SetCookie = { name: string; value: string; maxAge?: number; expires?: Date; httpOnly?: boolean }

describe('session cookies (issue #17, a shared workstation)', () => {
  function cookieOf(response: { cookies: unknown[] }, name: string): SetCookie | undefined {
    return (response.cookies as SetCookie[]).find((cookie) => cookie.name === name && cookie.value !== '')
  }

  function clearedCookie(response: { cookies: unknown[] }, name: string): boolean {
    return (response.cookies as SetCookie[]).some(
      (cookie) => cookie.name === name && cookie.value === '' && cookie.expires !== undefined,
    )
  }

  it('end with the browser by default; « Rester connecté » makes them last the absolute lifetime', async () => {
    const { app, database } = await start()
    try {
      const desk = await insertUser(database.db, { email: 'desk@test.fr' })
      const shared = createAgent(app)
      const login = await shared.login('desk@test.fr')
      expect(login.statusCode).toBe(200)
      // The page's readable companion of `sid`: whose session this browser holds, and nothing more.
      expect(cookieOf(login, 'signed-in-user')?.value).toBe(String(desk.id))
      expect(cookieOf(login, 'signed-in-user')?.httpOnly).not.toBe(true)
      for (const name of ['sid', 'XSRF-TOKEN', 'signed-in-user']) {
        const cookie = cookieOf(login, name)
        expect(cookie, name).toBeDefined()
        expect(cookie?.maxAge, name).toBeUndefined()
        expect(cookie?.expires, name).toBeUndefined()
      }
      // The server's limits still hold for a browser kept open.
      await database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - app.config.sessionIdleMs - 1000) })
      const lapsed = await shared.request({ url: '/api/user/me' })
      expect(lapsed.statusCode).toBe(401)
      expect(clearedCookie(lapsed, 'signed-in-user')).toBe(true)

      const personal = createAgent(app)
      const remembered = await personal.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'desk@test.fr', password: TEST_PASSWORD, rememberMe: true },
      })
      expect(remembered.statusCode).toBe(200)
      const lifetime = Math.floor(app.config.sessionMaxMs / 1000)
      expect(cookieOf(remembered, 'sid')?.maxAge).toBe(lifetime)
      expect(cookieOf(remembered, 'XSRF-TOKEN')?.maxAge).toBe(lifetime)
      expect(cookieOf(remembered, 'signed-in-user')?.maxAge).toBe(lifetime)
      // The session row remembers the choice (rotations keep the kind).
      const rows = await database.db.select().from(sessions)
      expect(rows.filter((row) => row.remember)).toHaveLength(1)
      const out = await personal.request({ method: 'POST', url: '/api/logout' })
      expect(clearedCookie(out, 'signed-in-user')).toBe(true)
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('keep their kind when the session rotates (dev connect-as)', async () => {
    const { app, database } = await start()
    try {
      await insertUser(database.db, { email: 'me@test.fr' })
      await insertUser(database.db, { email: 'other@test.fr' })
      const lifetime = Math.floor(app.config.sessionMaxMs / 1000)
      for (const rememberMe of [true, false]) {
        const agent = createAgent(app)
        await agent.request({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'me@test.fr', password: TEST_PASSWORD, rememberMe },
        })
        const rotated = await agent.request({
          method: 'POST',
          url: '/api/dev/connect-as',
          payload: { userEmail: 'other@test.fr' },
        })
        expect(rotated.statusCode).toBe(200)
        expect(cookieOf(rotated, 'sid')?.maxAge).toBe(rememberMe ? lifetime : undefined)
      }
    } finally {
      await app.close()
      await database.close()
    }
  })
})
