// Issue #17: e-mailed links come from PUBLIC_URL or the server's own address, never from a request's
// Host or X-Forwarded-Host (even from a trusted proxy).
import { describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { TestApp } from '../../../tests/setup/test-app.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }

async function mailTo(t: Pick<TestApp, 'database'>, to: string) {
  return vi.waitFor(
    async () => {
      const rows = await t.database.db.query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.to, to) })
      if (rows.length === 0) throw new Error('no mail yet')
      return rows.at(-1)!.text
    },
    { timeout: 5000, interval: 50 },
  )
}

function linkIn(text: string): string {
  const line = text.split('\n').find((l) => l.includes('/reset-password?token='))
  if (!line) throw new Error(`no link in ${text}`)
  return new URL(line.trim()).origin
}

describe('links in mails, without PUBLIC_URL (outside production)', () => {
  const t = signedInServer({
    // A trusted proxy in front: even its X-Forwarded-Host must not choose the link.
    config: { publicUrl: undefined, port: 4123, host: '0.0.0.0', trustProxy: 1 },
    resetBeforeEach: false,
  })

  it('a reset link points at the server’s own address whatever Host and X-Forwarded-Host say', async () => {
    await insertUser(t.database.db, { email: 'reset@test.fr' })
    const res = await createAgent(t.app, FORGED).request({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email: 'reset@test.fr' },
    })
    expect(res.statusCode).toBe(200)
    const text = await mailTo(t, 'reset@test.fr')
    expect(text).not.toContain('evil.example')
    expect(linkIn(text)).toBe('http://localhost:4123')
  })

  it('a welcome link too', async () => {
    await insertUser(t.database.db, { email: 'admin@test.fr', role: 'ADMIN', aircallId: null })
    const admin = createAgent(t.app, FORGED)
    await admin.login('admin@test.fr')
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Léa', lastName: 'Petit', email: 'new@test.fr', role: 'TELEOPERATOR' },
    })
    expect(res.statusCode).toBe(201)
    expect(linkIn(await mailTo(t, 'new@test.fr'))).toBe('http://localhost:4123')
  })
})

describe('links in mails, with PUBLIC_URL', () => {
  const t = signedInServer({ config: { publicUrl: 'https://appels.example.fr/' }, resetBeforeEach: false })

  it('a reset link points at PUBLIC_URL whatever Host says', async () => {
    await insertUser(t.database.db, { email: 'reset@test.fr' })
    await createAgent(t.app, FORGED).request({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email: 'reset@test.fr' },
    })
    expect(linkIn(await mailTo(t, 'reset@test.fr'))).toBe('https://appels.example.fr')
  })
})
