// The administrators' changes to users (issue #12 "Users"): create and edit with their audit entries,
// unique e-mails, stale versions, status changes, bulk actions and the Aircall link (local fake).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeAircall, type FakeAircall } from '../../../tests/fakes/aircall-server.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { signedInServer, type SignedInServer } from '../../../tests/setup/signed-in-server.ts'
import { auditEntries, missionUsers, teamMembers, teams, users } from '../../db/schema.ts'

let fake: FakeAircall
beforeAll(async () => {
  fake = await startFakeAircall()
})
afterAll(() => fake.close())

const t: SignedInServer<'admin' | 'teleop'> = signedInServer({
  config: () => ({
    telephonyProvider: 'aircall',
    aircall: { apiId: fake.apiId, apiToken: fake.apiToken, apiUrl: fake.url, webhookToken: 'tok' },
  }),
  users: { admin: { role: 'ADMIN', aircallId: null }, teleop: { aircallId: null } },
})
const { admin, teleop } = t.agents

beforeEach(() => {
  fake.users = [
    { id: 7001, email: 'Teleop@Test.fr', name: 'Camille Martin' },
    { id: 7002, email: 'standard@test.fr', name: 'Élise Standard' },
  ]
})

async function auditOf(userId: number) {
  const res = await admin.request({ url: `/api/audit/user/${userId}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { items: { action: string; before: unknown; after: unknown }[] }).items
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
  return row!
}

const newUser = { firstName: 'Léa', lastName: 'Dupont', email: 'Lea.Dupont@Test.fr', role: 'TELEOPERATOR' }

describe('create and edit', () => {
  it('creates a user with the welcome e-mail and an audit entry', async () => {
    const team = await insertTeam(t.database.db, 'Équipe Ouest', [])
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...newUser, teamIds: [team.id] },
    })
    expect(res.statusCode, res.body).toBe(201)
    const user = res.json()
    expect(user).toMatchObject({ email: 'lea.dupont@test.fr', version: 1, teams: [{ name: 'Équipe Ouest' }] })
    // Issue #15: the welcome mail goes through the send queue, a moment after the answer.
    await vi.waitFor(
      async () => {
        const mails = await t.database.db.query.mailOutbox.findMany()
        expect(mails.map((mail) => mail.to)).toContain('lea.dupont@test.fr')
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(await auditOf(user.id)).toMatchObject([
      { action: 'create', before: null, after: { email: 'lea.dupont@test.fr', teams: 'Équipe Ouest' } },
    ])
  })

  it('refuses a used e-mail (any case) with a French 409, and bad fields with messages', async () => {
    const dup = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...newUser, email: 'TELEOP@test.fr' },
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().error.message).toBe('Cette adresse e-mail est déjà utilisée.')
    const bad = await admin.request({
      method: 'POST',
      url: '/api/users',
      payload: { firstName: ' ', lastName: 'x'.repeat(101), email: 'nope', role: 'BOSS' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({
      firstName: 'Ce champ est obligatoire.',
      lastName: 'Ce champ ne dépasse pas 100 caractères.',
      email: 'Adresse e-mail invalide.',
      role: 'Choisissez un rôle.',
    })
    expect(await t.database.db.select().from(users)).toHaveLength(2)
  })

  it('edits with the version it was made from; a stale one gets 409 STALE_VERSION and the current user', async () => {
    const id = t.users.teleop.id
    const ok = await admin.request({
      method: 'PUT',
      url: `/api/user/${id}`,
      payload: { lastName: 'Bernard', role: 'MANAGER', version: 1 },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ lastName: 'Bernard', role: 'MANAGER', version: 2 })
    const stale = await admin.request({
      method: 'PUT',
      url: `/api/user/${id}`,
      payload: { lastName: 'Durand', version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { lastName: 'Bernard', version: 2 },
    })
    expect((await userRow(id)).lastName).toBe('Bernard')
    const [entry] = await auditOf(id)
    expect(entry).toMatchObject({
      action: 'update',
      before: { lastName: t.users.teleop.lastName, role: 'TELEOPERATOR' },
      after: { lastName: 'Bernard', role: 'MANAGER' },
    })
  })

  it('refuses an e-mail another user has, on edit too, and changes nothing', async () => {
    const id = t.users.teleop.id
    const res = await admin.request({
      method: 'PUT',
      url: `/api/user/${id}`,
      payload: { email: 'admin@test.fr', firstName: 'Autre', version: 1 },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('Cette adresse e-mail est déjà utilisée.')
    expect(await userRow(id)).toMatchObject({ firstName: 'Camille', version: 1 })
    expect(await auditOf(id)).toEqual([])
  })

  it('activates and deactivates with audit entries; never the administrator’s own account', async () => {
    const id = t.users.teleop.id
    const off = await admin.request({
      method: 'POST',
      url: `/api/user/${id}/deactivate`,
      payload: { version: 1 },
    })
    expect(off.json()).toMatchObject({ status: 'INACTIVE', version: 2 })
    const stale = await admin.request({
      method: 'POST',
      url: `/api/user/${id}/activate`,
      payload: { version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error.code).toBe('STALE_VERSION')
    await admin.request({ method: 'POST', url: `/api/user/${id}/activate`, payload: { version: 2 } })
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['activate', 'deactivate'])
    const self = await admin.request({ method: 'POST', url: `/api/user/${t.users.admin.id}/deactivate` })
    expect(self.statusCode).toBe(409)
    expect(self.json().error.message).toBe('Vous ne pouvez pas désactiver votre propre compte.')
  })
})

describe('bulk actions', () => {
  async function bulk(payload: object) {
    return admin.request({ method: 'POST', url: '/api/users/bulk', payload })
  }

  it('deactivates a selection in one go, signs them out and audits each', async () => {
    const other = await insertUser(t.database.db, { email: 'other@test.fr', status: 'INACTIVE' })
    const res = await bulk({ action: 'deactivate', userIds: [t.users.teleop.id, other.id] })
    expect(res.json()).toEqual({ changed: 1, unchanged: 1 })
    expect((await teleop.request({ url: '/api/user/me' })).statusCode).toBe(401)
    expect((await auditOf(t.users.teleop.id)).map((entry) => entry.action)).toEqual(['deactivate'])
    expect(await auditOf(other.id)).toEqual([])
    const self = await bulk({ action: 'deactivate', userIds: [t.users.admin.id] })
    expect(self.statusCode).toBe(409)
  })

  it('adds a selection to a team and to a mission; members already there stay as they are', async () => {
    const other = await insertUser(t.database.db, { email: 'other@test.fr' })
    const team = await insertTeam(t.database.db, 'Équipe Sud', [other.id])
    const { mission } = await insertMission(t.database.db, { name: 'Mission Mer' })
    const ids = [t.users.teleop.id, other.id]
    expect((await bulk({ action: 'add-to-team', userIds: ids, teamId: team.id })).json()).toEqual({
      changed: 1,
      unchanged: 1,
    })
    expect((await bulk({ action: 'assign-to-mission', userIds: ids, missionId: mission.id })).json()).toEqual(
      {
        changed: 2,
        unchanged: 0,
      },
    )
    const members = await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))
    expect(members.map((row) => row.userId).sort()).toEqual(ids.toSorted())
    const assigned = await t.database.db
      .select()
      .from(missionUsers)
      .where(eq(missionUsers.missionId, mission.id))
    expect(assigned).toHaveLength(2)
    expect(await auditOf(t.users.teleop.id)).toMatchObject([
      { action: 'update', before: { missions: '' }, after: { missions: 'Mission Mer' } },
      { action: 'update', before: { teams: '' }, after: { teams: 'Équipe Sud' } },
    ])
    // The mission's history shows the two assignments, as the assignments screens write them.
    const missionAudit = await admin.request({ url: `/api/audit/mission/${mission.id}` })
    expect(
      (missionAudit.json() as { items: { action: string; after: { userId: number } }[] }).items
        .map((entry) => [entry.action, entry.after.userId])
        .sort(),
    ).toEqual(ids.map((id) => ['assign', id]).sort())
  })

  it('validates the selection and the target, and changes nothing when one id is unknown', async () => {
    const team = await insertTeam(t.database.db, 'Équipe Est', [])
    const unknown = await bulk({
      action: 'add-to-team',
      userIds: [t.users.teleop.id, 999_999],
      teamId: team.id,
    })
    expect(unknown.statusCode).toBe(400)
    expect(await t.database.db.select().from(teamMembers)).toEqual([])
    expect((await bulk({ action: 'deactivate', userIds: [] })).json().error.fields).toEqual({
      userIds: 'Sélectionnez au moins un utilisateur.',
    })
    const many = Array.from({ length: 501 }, (_, index) => index + 1)
    expect((await bulk({ action: 'deactivate', userIds: many })).statusCode).toBe(400)
    expect((await bulk({ action: 'add-to-team', userIds: [t.users.teleop.id] })).statusCode).toBe(400)
    await t.database.db.update(teams).set({ archivedAt: new Date() }).where(eq(teams.id, team.id))
    const archived = await bulk({ action: 'add-to-team', userIds: [t.users.teleop.id], teamId: team.id })
    expect(archived.statusCode).toBe(400)
    expect(await t.database.db.select().from(auditEntries)).toEqual([])
  })
})

describe('Aircall link (local fake)', () => {
  it('links by e-mail among the provider’s users, with an audit entry', async () => {
    const id = t.users.teleop.id
    const res = await admin.request({
      method: 'POST',
      url: `/api/user/${id}/link-aircall-account`,
      payload: {},
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ aircallId: 7001, version: 2 })
    expect(fake.requests.some((request) => request.path.startsWith('/v1/users'))).toBe(true)
    expect(await auditOf(id)).toMatchObject([
      { action: 'link-aircall', before: { aircallId: null }, after: { aircallId: 7001 } },
    ])
  })

  it('says so in French when no Aircall user has the e-mail', async () => {
    fake.users = [{ id: 7002, email: 'standard@test.fr', name: 'Standard' }]
    const res = await admin.request({
      method: 'POST',
      url: `/api/user/${t.users.teleop.id}/link-aircall-account`,
      payload: {},
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('Aucun utilisateur Aircall n’a cette adresse e-mail.')
  })

  it('lists the provider’s users for the picker, searched, with who is linked; links the one chosen', async () => {
    const id = t.users.teleop.id
    await admin.request({ method: 'POST', url: `/api/user/${id}/link-aircall-account`, payload: {} })
    const all = (await admin.request({ url: '/api/users/aircall-accounts' })).json()
    expect(all).toMatchObject({
      total: 2,
      items: [
        { id: 7001, email: 'Teleop@Test.fr', linkedUserId: id },
        { id: 7002, name: 'Élise Standard', linkedUserId: null },
      ],
    })
    const found = (await admin.request({ url: '/api/users/aircall-accounts?search=elise' })).json()
    expect(found.items.map((account: { id: number }) => account.id)).toEqual([7002])
    const chosen = await admin.request({
      method: 'POST',
      url: `/api/user/${t.users.admin.id}/link-aircall-account`,
      payload: { aircallId: 7002 },
    })
    expect(chosen.json().aircallId).toBe(7002)
    const taken = await admin.request({
      method: 'POST',
      url: `/api/user/${t.users.admin.id}/link-aircall-account`,
      payload: { aircallId: 7001 },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.message).toBe('Ce compte Aircall est déjà relié à un autre utilisateur.')
  })
})
