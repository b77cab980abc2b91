// Issue #12 "Done means": the first administrator of a centre without demo data comes from a
// documented command; its link lets them choose a password and sign in as an administrator.
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../tests/setup/agent.ts'
import { createAdmin, USAGE } from './create-admin.ts'

const t = signedInServer({ resetBeforeEach: false })

describe('npm run create-admin', () => {
  it('creates an active administrator and a single-use link with which they choose a password', async () => {
    const result = await createAdmin(
      t.database.db,
      ['direction@centre.fr', 'Anne', 'Martin'],
      'https://centre.example',
    )
    if (!result.ok) throw new Error(result.message)
    const link = new URL(result.link)
    expect(link.origin + link.pathname).toBe('https://centre.example/reset-password')
    const token = link.searchParams.get('token')!

    const agent = createAgent(t.app)
    await agent.request({ url: '/api/user/me' })
    const reset = await agent.request({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token, password: 'Premier2026!' },
    })
    expect(reset.json()).toEqual({ ok: true })
    expect((await agent.login('direction@centre.fr', 'Premier2026!')).statusCode).toBe(200)
    const me = (await agent.request({ url: '/api/user/me' })).json()
    expect(me).toMatchObject({ role: 'ADMIN', firstName: 'Anne', lastName: 'Martin' })
  })

  it('refuses a missing or invalid e-mail and an address already used, in French, creating nothing', async () => {
    expect(await createAdmin(t.database.db, [], 'https://centre.example')).toEqual({
      ok: false,
      message: USAGE,
    })
    const invalid = await createAdmin(t.database.db, ['pas-un-email'], 'https://centre.example')
    expect(invalid).toMatchObject({ ok: false, message: expect.stringContaining('Adresse e-mail invalide.') })
    await createAdmin(t.database.db, ['double@centre.fr'], 'https://centre.example')
    const again = await createAdmin(t.database.db, ['DOUBLE@centre.fr'], 'https://centre.example')
    expect(again).toEqual({ ok: false, message: 'Cette adresse e-mail est déjà utilisée.' })
    const users = await t.database.db.query.users.findMany({
      where: (u, { ilike }) => ilike(u.email, 'double@centre.fr'),
    })
    expect(users).toHaveLength(1)
  })
})
