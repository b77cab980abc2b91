// GET /api/users as the back office reads it (issue #12 "Users"): search, filters, sort, pages, the
// items' teams, missions and presence, and who reads what (administrators all, managers their teams).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertMission } from '../../../tests/factories/leads.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { USER_PAGE_SIZE_MAX } from '../../../src/contracts/user-admin.ts'
import { users } from '../../db/schema.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN', aircallId: null }, manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop } = t.agents

async function person(firstName: string, lastName: string, fixture: Parameters<typeof insertUser>[1] = {}) {
  const row = await insertUser(t.database.db, fixture)
  const [named] = await t.database.db
    .update(users)
    .set({ firstName, lastName })
    .where(eq(users.id, row.id))
    .returning()
  return named!
}

async function list(agent = admin, query = '') {
  const res = await agent.request({ url: `/api/users?page=1${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { items: { email: string; [key: string]: unknown }[]; total: number; pageSize: number }
}

const emails = (page: { items: { email: string }[] }) => page.items.map((item) => item.email)

describe('search, filters and sort', () => {
  it('finds by name or e-mail without accents or case, every word matching', async () => {
    await person('Élodie', 'Lefèvre', { email: 'elodie@test.fr' })
    await person('Marc', 'Lefort', { email: 'marc.l@exemple.fr' })
    expect(emails(await list(admin, '&search=LEFEVRE'))).toEqual(['elodie@test.fr'])
    expect(emails(await list(admin, '&search=lef'))).toEqual(['elodie@test.fr', 'marc.l@exemple.fr'])
    expect(emails(await list(admin, '&search=exemple'))).toEqual(['marc.l@exemple.fr'])
    expect(emails(await list(admin, '&search=lefevre%20elo'))).toEqual(['elodie@test.fr'])
    expect((await list(admin, '&search=nobody')).total).toBe(0)
  })

  it('filters by role, status, team, mission, missing Aircall link and presence', async () => {
    const idle = await person('Inès', 'Arnaud', { email: 'idle@test.fr', aircallId: null })
    const gone = await person('Paul', 'Blanc', { email: 'gone@test.fr', status: 'INACTIVE' })
    const team = await insertTeam(t.database.db, 'Équipe Nord', [idle.id])
    const { mission } = await insertMission(t.database.db, { userIds: [gone.id] })
    expect(emails(await list(admin, '&role=MANAGER'))).toEqual(['manager@test.fr'])
    expect(emails(await list(admin, '&status=INACTIVE'))).toEqual(['gone@test.fr'])
    expect(emails(await list(admin, `&teamId=${team.id}`))).toEqual(['idle@test.fr'])
    expect(emails(await list(admin, `&missionId=${mission.id}`))).toEqual(['gone@test.fr'])
    expect(emails(await list(admin, '&needsAircallLink=true')).sort()).toEqual([
      'admin@test.fr',
      'idle@test.fr',
    ])
    // The signed-in users are working now; the two inserted ones never signed in.
    expect(emails(await list(admin, '&workingNow=true')).sort()).toEqual([
      'admin@test.fr',
      'manager@test.fr',
      'teleop@test.fr',
    ])
    expect(emails(await list(admin, '&workingNow=false')).sort()).toEqual(['gone@test.fr', 'idle@test.fr'])
    expect(emails(await list(admin, '&role=TELEOPERATOR&status=ACTIVE&needsAircallLink=false'))).toEqual([
      'teleop@test.fr',
    ])
  })

  it('sorts by name (folded) by default, by another column on demand, and pages', async () => {
    await person('Zoé', 'Ébert', { email: 'zoe@test.fr' })
    await person('Anne', 'Zola', { email: 'anne@test.fr' })
    const byName = await list(admin, '&search=test.fr&pageSize=2')
    expect(byName).toMatchObject({ total: 5, pageSize: 2 })
    // "Ébert" sorts with the E's, before the Martin fixtures and Zola.
    expect(emails(byName)[0]).toBe('zoe@test.fr')
    const third = (await admin.request({ url: '/api/users?search=test.fr&pageSize=2&page=3' })).json()
    expect(emails(third)).toEqual(['anne@test.fr'])
    const byEmail = await list(admin, '&sort=email&order=desc')
    expect(emails(byEmail)).toEqual([
      'zoe@test.fr',
      'teleop@test.fr',
      'manager@test.fr',
      'anne@test.fr',
      'admin@test.fr',
    ])
  })

  it('refuses a page size over the maximum and an unknown filter value', async () => {
    const big = await admin.request({ url: `/api/users?pageSize=${USER_PAGE_SIZE_MAX + 1}` })
    expect(big.statusCode).toBe(400)
    expect((await admin.request({ url: '/api/users?role=BOSS' })).statusCode).toBe(400)
    expect((await admin.request({ url: '/api/users?sort=password' })).statusCode).toBe(400)
  })

  it('gives each item its teams, missions, presence, version and avatar', async () => {
    const teleopId = t.users.teleop.id
    const { mission } = await insertMission(t.database.db, { name: 'Mission Soleil', userIds: [teleopId] })
    const page = await list(admin, '&search=teleop')
    expect(page.items).toEqual([
      expect.objectContaining({
        id: teleopId,
        version: 1,
        teams: [{ id: expect.any(Number), name: 'Équipe' }],
        missions: [{ id: mission.id, name: 'Mission Soleil', color: expect.any(String) }],
        workingNow: true,
        avatar: null,
        createdAt: expect.any(String),
      }),
    ])
  })

  it('still answers the plain array to a request without list parameters (spec §7)', async () => {
    const res = await admin.request({ url: '/api/users' })
    expect(res.json()).toHaveLength(3)
  })
})

describe('who reads what', () => {
  it('shows a manager themselves and their teams’ members only, read-only', async () => {
    const outsider = await person('Hors', 'Équipe', { email: 'outsider@test.fr' })
    expect(emails(await list(manager)).sort()).toEqual(['manager@test.fr', 'teleop@test.fr'])
    const plain = (await manager.request({ url: '/api/users' })).json() as { email: string }[]
    expect(plain.map((user) => user.email).sort()).toEqual(['manager@test.fr', 'teleop@test.fr'])
    expect((await manager.request({ url: `/api/user/${t.users.teleop.id}` })).statusCode).toBe(200)
    expect((await manager.request({ url: `/api/user/${outsider.id}` })).statusCode).toBe(404)
    const edit = await manager.request({
      method: 'PUT',
      url: `/api/user/${t.users.teleop.id}`,
      payload: { lastName: 'X', version: 1 },
    })
    expect(edit.statusCode).toBe(403)
    const bulk = await manager.request({
      method: 'POST',
      url: '/api/users/bulk',
      payload: { action: 'deactivate', userIds: [t.users.teleop.id] },
    })
    expect(bulk.statusCode).toBe(403)
    expect((await manager.request({ url: '/api/users/aircall-accounts' })).statusCode).toBe(403)
  })

  it('answers 403 to a teleoperator on every users back-office endpoint', async () => {
    const id = t.users.teleop.id
    const calls = [
      { url: '/api/users?page=1' },
      { url: `/api/user/${id}` },
      { url: '/api/users/aircall-accounts' },
      {
        method: 'POST',
        url: '/api/users',
        payload: { firstName: 'A', lastName: 'B', email: 'a@b.fr', role: 'ADMIN' },
      },
      { method: 'PUT', url: `/api/user/${id}`, payload: { lastName: 'X', version: 1 } },
      { method: 'POST', url: `/api/user/${id}/deactivate` },
      { method: 'POST', url: `/api/user/${id}/link-aircall-account`, payload: {} },
      { method: 'POST', url: '/api/users/bulk', payload: { action: 'deactivate', userIds: [id] } },
    ] as const
    for (const call of calls) {
      const res = await teleop.request(call)
      expect(res.statusCode, `${'method' in call ? call.method : 'GET'} ${call.url}`).toBe(403)
    }
  })
})
