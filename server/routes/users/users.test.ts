import { beforeEach, describe, expect, it, vi } from 'vitest'
import sharp from 'sharp'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { pushSubscriptions } from '../../db/schema.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN', aircallId: null }, teleop: {} } })
const { admin, teleop } = t.agents
let teleopId: number

beforeEach(() => {
  teleopId = t.users.teleop.id
})

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----test' + Math.random().toString(16).slice(2)
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('access control', () => {
  it('answers 401 without a session on every private route', async () => {
    for (const url of ['/api/user/me', '/api/users', '/api/users/active', '/api/user/1']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401)
    }
  })

  it('answers 401 to a state-changing call without a session, before the CSRF check', async () => {
    const res = await createAgent(t.app).request({ method: 'POST', url: `/api/user/${teleopId}/deactivate` })
    expect(res.statusCode).toBe(401)
  })

  it('cannot be bypassed by percent-encoding the path', async () => {
    for (const url of ['/%61pi/users', '/ap%69/users', '/api/%75sers']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401)
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/%61pi/users',
      payload: { firstName: 'A', lastName: 'B', email: 'x@test.fr', role: 'ADMIN' },
    })
    expect(create.statusCode).toBe(401)
    expect((await teleop.request({ url: '/%61pi/users' })).statusCode).toBe(403)
  })

  it('answers 403 to a teleoperator on administration routes', async () => {
    expect((await teleop.request({ url: '/api/users' })).statusCode).toBe(403)
    const create = await teleop.request({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'A', lastName: 'B', email: 'x@test.fr', role: 'ADMIN' },
    })
    expect(create.statusCode).toBe(403)
    expect(create.json().error.code).toBe('FORBIDDEN')
  })

  it('lets a manager read users but not change them', async () => {
    await insertUser(t.database.db, { email: 'manager@test.fr', role: 'MANAGER' })
    const manager = createAgent(t.app)
    await manager.login('manager@test.fr')
    expect((await manager.request({ url: '/api/users' })).statusCode).toBe(200)
    expect(
      (await manager.request({ method: 'POST', url: `/api/user/${teleopId}/deactivate` })).statusCode,
    ).toBe(403)
  })

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await admin.request({ url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })
})

describe('user administration', () => {
  it('creates a user, sends the welcome link and refuses a duplicate e-mail', async () => {
    const team = await insertTeam(t.database.db, 'Équipe A', [])
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Léa',
        lastName: 'Dupont',
        email: 'Lea.Dupont@test.fr',
        role: 'MANAGER',
        teamIds: [team.id],
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      email: 'lea.dupont@test.fr',
      role: 'MANAGER',
      status: 'ACTIVE',
      teamIds: [team.id],
    })
    // Issue #15: the welcome mail goes through the send queue, a moment after the answer.
    await vi.waitFor(
      async () => {
        const mails = await t.database.db.query.mailOutbox.findMany()
        expect(mails.map((mail) => mail.to)).toContain('lea.dupont@test.fr')
      },
      { timeout: 10_000, interval: 50 },
    )
    const dup = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'L', lastName: 'D', email: 'LEA.dupont@test.fr', role: 'TELEOPERATOR' },
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error.message).toBe('Cette adresse e-mail est déjà utilisée.')
  })

  it('validates the body with French field messages and changes nothing', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: '', lastName: 'X', email: 'bad', role: 'BOSS' },
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'firstName', 'role'])
    expect((await admin.request({ url: '/api/users' })).json()).toHaveLength(2)
  })

  it('a role change reaches the user’s open session at once', async () => {
    expect((await teleop.request({ url: '/api/users' })).statusCode).toBe(403)
    await admin.request({
      method: 'PUT',
      url: `/api/user/${teleopId}`,
      payload: { role: 'MANAGER', version: 1 },
    })
    expect((await teleop.request({ url: '/api/user/me' })).json().role).toBe('MANAGER')
    expect((await teleop.request({ url: '/api/users' })).statusCode).toBe(200)
  })

  it('answers an id out of range as invalid input', async () => {
    expect((await admin.request({ url: '/api/user/99999999999' })).statusCode).toBe(400)
  })

  it('updates a user and refuses an unknown team', async () => {
    const ok = await admin.request({
      method: 'PUT',
      url: `/api/user/${teleopId}`,
      payload: { lastName: 'Bernard', version: 1 },
    })
    expect(ok.json().lastName).toBe('Bernard')
    const bad = await admin.request({
      method: 'PUT',
      url: `/api/user/${teleopId}`,
      payload: { teamIds: [999], version: 2 },
    })
    expect(bad.statusCode).toBe(400)
    expect((await admin.request({ url: '/api/user/4242' })).statusCode).toBe(404)
  })

  it('deactivation ends the user’s sessions at once; activation lets them back in', async () => {
    const res = await admin.request({ method: 'POST', url: `/api/user/${teleopId}/deactivate` })
    expect(res.json().status).toBe('INACTIVE')
    expect((await teleop.request({ url: '/api/user/me' })).statusCode).toBe(401)
    expect((await teleop.login('teleop@test.fr')).statusCode).toBe(403)
    await admin.request({ method: 'POST', url: `/api/user/${teleopId}/activate` })
    expect((await teleop.login('teleop@test.fr')).statusCode).toBe(200)
    const active = (await admin.request({ url: '/api/users/active' })).json() as { email: string }[]
    expect(active.map((u) => u.email).sort()).toEqual(['admin@test.fr', 'teleop@test.fr'])
  })

  it('deactivation deletes every push subscription of the user, and nobody else’s', async () => {
    const adminId = (await admin.request({ url: '/api/user/me' })).json().id as number
    const subscription = (userId: number, name: string) => ({
      userId,
      endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
    })
    await t.database.db
      .insert(pushSubscriptions)
      .values([
        subscription(teleopId, 'desk'),
        subscription(teleopId, 'phone'),
        subscription(adminId, 'admin-desk'),
      ])
    const res = await admin.request({ method: 'POST', url: `/api/user/${teleopId}/deactivate` })
    expect(res.statusCode).toBe(200)
    const left = await t.database.db.select().from(pushSubscriptions)
    expect(left.map((row) => row.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/admin-desk'])
    // Reactivation gives nothing back: the user turns alerts on again (or signs in on that browser).
    await admin.request({ method: 'POST', url: `/api/user/${teleopId}/activate` })
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(1)
  })

  it('lists working users (a session active in the last 15 minutes)', async () => {
    await insertUser(t.database.db, { email: 'idle@test.fr' })
    const working = (await admin.request({ url: '/api/users/working' })).json() as { email: string }[]
    expect(working.map((u) => u.email).sort()).toEqual(['admin@test.fr', 'teleop@test.fr'])
  })
})

describe('preferences', () => {
  it('stores a preference for the connected user only', async () => {
    const res = await teleop.request({
      method: 'POST',
      url: '/api/user/preference/badges',
      payload: { preferenceValue: false },
    })
    expect(res.json().preferences).toEqual({ tour: true, badges: false, tentacalls: true })
    expect((await admin.request({ url: '/api/user/me' })).json().preferences.badges).toBe(true)
    const bad = await teleop.request({
      method: 'POST',
      url: '/api/user/preference/volume',
      payload: { preferenceValue: true },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('avatar', () => {
  it('accepts a PNG, re-encodes it and serves it at a stable URL', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const upload = await teleop.request({
      method: 'POST',
      url: '/api/user/avatar',
      ...multipart('file', 'me.png', 'image/png', png),
    })
    expect(upload.statusCode).toBe(200)
    const { avatar } = upload.json()
    expect(avatar).toMatch(new RegExp(`^/api/user/${teleopId}/avatar\\?v=[0-9a-f]{16}$`))
    const served = await admin.request({ url: avatar })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toContain('immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
    expect((await teleop.request({ url: '/api/user/me' })).json().avatar).toBe(avatar)
  })

  it('refuses a file that is not an image whatever its declared type', async () => {
    const res = await teleop.request({
      method: 'POST',
      url: '/api/user/avatar',
      ...multipart('file', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('UNSUPPORTED_IMAGE')
    expect((await teleop.request({ url: '/api/user/me' })).json().avatar).toBeNull()
  })

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2 * 1024 * 1024 + 10),
    ])
    const res = await teleop.request({
      method: 'POST',
      url: '/api/user/avatar',
      ...multipart('file', 'big.png', 'image/png', big),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe('Le contenu envoyé est trop volumineux.')
  })
})
