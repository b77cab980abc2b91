import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createTestApp } from '../../../tests/setup/test-app.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'

const t = signedInServer({ resetBeforeEach: false })

describe('system routes', () => {
  it('reports health with the database state and version', async () => {
    const res = await t.app.inject({ url: '/api/healthcheck' })
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', version: t.app.config.version })
  })

  it('gives the client its runtime configuration', async () => {
    const res = await t.app.inject({ url: '/api/config' })
    expect(res.json()).toEqual({
      appEnv: 'develop',
      version: t.app.config.version,
      sentryDsn: null,
      sessionIdleMinutes: t.app.config.sessionIdleMs / 60_000,
    })
  })

  it('publishes an OpenAPI document describing the routes from the same schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ])
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/me', '/api/users', '/api/user/{id}/deactivate']),
    )
  })

  it('sends the short API security headers on JSON', async () => {
    const res = await t.app.inject({ url: '/api/config' })
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  it('sends them on refusals too: signed out (401), no XSRF header (403); a 404 gets the document set', async () => {
    const signedOut = await t.app.inject({ url: '/api/user/me' })
    const noXsrf = await t.app.inject({ method: 'POST', url: '/api/logout', payload: {} })
    expect([signedOut.statusCode, noXsrf.statusCode]).toEqual([401, 403])
    for (const res of [signedOut, noXsrf]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    const missing = await t.app.inject({ url: '/api/no-such-route' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(missing.headers['x-content-type-options']).toBe('nosniff')
  })

  it('refuses a JSON body over its limit with 413', async () => {
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@test.fr', password: 'x'.repeat(1024 * 1024 + 10) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('the OpenAPI document in production (issue #17)', () => {
  it('is for administrators only: 401 signed out, 403 for other roles, 200 for an administrator', async () => {
    const prod = await createTestApp({ appEnv: 'production', publicUrl: 'https://appels.example.fr' })
    try {
      await insertUser(prod.database.db, { email: 'teleop@test.fr' })
      await insertUser(prod.database.db, { email: 'admin@test.fr', role: 'ADMIN', aircallId: null })
      expect((await prod.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401)
      const teleop = createAgent(prod.app)
      await teleop.login('teleop@test.fr')
      expect((await teleop.request({ url: '/api/openapi.json' })).statusCode).toBe(403)
      const admin = createAgent(prod.app)
      await admin.login('admin@test.fr')
      const doc = await admin.request({ url: '/api/openapi.json' })
      expect(doc.statusCode).toBe(200)
      expect(doc.json().openapi).toMatch(/^3\./)
    } finally {
      await prod.close()
    }
  })
})
