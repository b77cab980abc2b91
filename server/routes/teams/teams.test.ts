import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { auditEntries, teams } from '../../db/schema.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop } = t.agents

async function create(name: string) {
  const res = await admin.request({ method: 'POST', url: '/api/teams', payload: { name } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function auditOf(teamId: number) {
  const res = await admin.request({ url: `/api/audit/team/${teamId}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('creating and renaming', () => {
  it('creates a team, lists it with its member count and reads it back', async () => {
    const team = await create('  Équipe Brest ')
    expect(team).toMatchObject({ name: 'Équipe Brest', version: 1, archivedAt: null, members: [] })
    const list = (await admin.request({ url: '/api/teams?search=brest' })).json()
    expect(list).toMatchObject({ total: 1, page: 1, items: [{ id: team.id, memberCount: 0, managers: [] }] })
    expect((await admin.request({ url: `/api/team/${team.id}` })).json()).toMatchObject({
      name: 'Équipe Brest',
    })
  })

  it('refuses an empty or too long name with French messages next to the field', async () => {
    for (const [name, message] of [
      ['   ', 'Le nom de l’équipe est obligatoire.'],
      ['x'.repeat(81), 'Le nom de l’équipe ne dépasse pas 80 caractères.'],
      ['A\u0000B', 'Ce texte contient des caractères de contrôle non autorisés.'],
    ]) {
      const res = await admin.request({ method: 'POST', url: '/api/teams', payload: { name } })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ name: message })
    }
  })

  it('refuses a name already taken, whatever its case and accents (409)', async () => {
    await create('Équipe Lyon 2')
    const res = await admin.request({ method: 'POST', url: '/api/teams', payload: { name: 'EQUIPE lyon 2' } })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'Une équipe porte déjà ce nom.' })
    const other = await create('Équipe Rennes')
    const rename = await admin.request({
      method: 'PUT',
      url: `/api/team/${other.id}`,
      payload: { name: 'équipe LYON 2', version: 1 },
    })
    expect(rename.statusCode).toBe(409)
  })

  it('renames with the version edited, and refuses a stale version with the current team', async () => {
    const team = await create('Équipe Lille')
    const first = await admin.request({
      method: 'PUT',
      url: `/api/team/${team.id}`,
      payload: { name: 'Équipe Lille Nord', version: 1 },
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ name: 'Équipe Lille Nord', version: 2 })
    // A second administrator still editing version 1:
    const stale = await admin.request({
      method: 'PUT',
      url: `/api/team/${team.id}`,
      payload: { name: 'Équipe Lille Sud', version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error.code).toBe('STALE_VERSION')
    expect(stale.json().error.message).toMatch(/^Quelqu’un d’autre a modifié cet élément/)
    expect(stale.json().current).toMatchObject({ id: team.id, name: 'Équipe Lille Nord', version: 2 })
    expect((await admin.request({ url: `/api/team/${team.id}` })).json().name).toBe('Équipe Lille Nord')
  })
})

describe('archiving', () => {
  it('archives a team (its members leave it), hides it from the list, and restores it', async () => {
    const [team] = await t.database.db.select().from(teams)
    const archived = await admin.request({
      method: 'POST',
      url: `/api/team/${team!.id}/archive`,
      payload: { version: team!.version },
    })
    expect(archived.statusCode).toBe(200)
    expect(archived.json()).toMatchObject({ members: [], version: team!.version + 1 })
    expect(archived.json().archivedAt).not.toBeNull()
    expect((await admin.request({ url: '/api/teams' })).json().total).toBe(0)
    expect((await admin.request({ url: '/api/teams?includeArchived=true' })).json().total).toBe(1)
    const rename = await admin.request({
      method: 'PUT',
      url: `/api/team/${team!.id}`,
      payload: { name: 'Autre', version: team!.version + 1 },
    })
    expect(rename.json().error.message).toBe('Cette équipe est archivée : restaurez-la pour la modifier.')
    const restored = await admin.request({
      method: 'POST',
      url: `/api/team/${team!.id}/restore`,
      payload: { version: team!.version + 1 },
    })
    expect(restored.json()).toMatchObject({ archivedAt: null, version: team!.version + 2 })
    const history = await auditOf(team!.id)
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual(['restore', 'archive'])
    expect(history.items[1].before.members).toMatch(/Camille Martin/)
  })
})

describe('members and managers', () => {
  it('adds and removes members, sets a manager, and tells the live channel of each user changed', async () => {
    const team = await create('Équipe Metz')
    const newcomer = await insertUser(t.database.db, { role: 'MANAGER' })
    const changed: number[] = []
    const unsubscribe = t.app.bus.subscribe('user-changed', ({ userId }) => changed.push(userId))
    try {
      const added = await admin.request({ method: 'PUT', url: `/api/team/${team.id}/member/${newcomer.id}` })
      expect(added.json().members).toMatchObject([{ id: newcomer.id, isManager: false }])
      const again = await admin.request({ method: 'PUT', url: `/api/team/${team.id}/member/${newcomer.id}` })
      expect(again.statusCode).toBe(200)
      const managed = await admin.request({
        method: 'PUT',
        url: `/api/team/${team.id}/manager/${newcomer.id}`,
      })
      expect(managed.json().members).toMatchObject([{ id: newcomer.id, isManager: true }])
      const list = (await admin.request({ url: '/api/teams?search=metz' })).json()
      expect(list.items[0]).toMatchObject({ memberCount: 1, managers: [{ id: newcomer.id }] })
      await admin.request({ method: 'DELETE', url: `/api/team/${team.id}/member/${newcomer.id}` })
      expect(changed).toEqual([newcomer.id, newcomer.id, newcomer.id])
    } finally {
      unsubscribe()
    }
    const history = await auditOf(team.id)
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual([
      'member-remove',
      'manager-set',
      'member-add',
      'create',
    ])
    expect(history.items[1]).toMatchObject({
      user: { id: t.users.admin.id },
      before: { isManager: false },
      after: { isManager: true },
    })
  })

  it('the manager flag governs the rights: unflagged, a manager no longer sees the member’s leads', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [t.users.teleop.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id)
    const [team] = await db.select().from(teams).where(eq(teams.name, 'Équipe'))
    const read = () => manager.request({ url: `/api/lead/${lead.uuid}` })
    expect((await read()).statusCode).toBe(200)
    const unset = await admin.request({
      method: 'DELETE',
      url: `/api/team/${team!.id}/manager/${t.users.manager.id}`,
    })
    expect(unset.statusCode, unset.body).toBe(200)
    expect((await read()).statusCode).toBe(404)
    await admin.request({ method: 'PUT', url: `/api/team/${team!.id}/manager/${t.users.manager.id}` })
    expect((await read()).statusCode).toBe(200)
  })

  it('refuses a manager who is not a member or not of the Manager role, and an unknown user', async () => {
    const team = await create('Équipe Dijon')
    const agent = await insertUser(t.database.db)
    const notMember = await admin.request({ method: 'PUT', url: `/api/team/${team.id}/manager/${agent.id}` })
    expect(notMember.statusCode).toBe(409)
    expect(notMember.json().error.message).toBe(
      'Cet utilisateur n’est pas membre de l’équipe : ajoutez-le d’abord.',
    )
    await admin.request({ method: 'PUT', url: `/api/team/${team.id}/member/${agent.id}` })
    const wrongRole = await admin.request({ method: 'PUT', url: `/api/team/${team.id}/manager/${agent.id}` })
    expect(wrongRole.json().error.message).toBe(
      'Seul un utilisateur au rôle Manager peut être manager d’une équipe.',
    )
    const unknown = await admin.request({ method: 'PUT', url: `/api/team/${team.id}/member/999999` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('Utilisateur introuvable.')
  })
})

describe('audit trail', () => {
  it('writes the entry in the transaction of the change: no entry, no change', async () => {
    const team = await create('Équipe Caen')
    const db = t.database.db
    await db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`)
    await db.execute(sql`create trigger refuse_audit before insert on audit_entries
      for each row execute function refuse_audit()`)
    try {
      const res = await admin.request({
        method: 'PUT',
        url: `/api/team/${team.id}`,
        payload: { name: 'Équipe Caen Sud', version: 1 },
      })
      expect(res.statusCode).toBe(500)
    } finally {
      await db.execute(sql`drop trigger refuse_audit on audit_entries`)
      await db.execute(sql`drop function refuse_audit()`)
    }
    expect((await admin.request({ url: `/api/team/${team.id}` })).json()).toMatchObject({
      name: 'Équipe Caen',
      version: 1,
    })
    const entries = await db.select().from(auditEntries)
    expect(entries.map((entry) => entry.action)).toEqual(['create'])
  })

  it('pages the history with a maximum page size', async () => {
    const team = await create('Équipe Pau')
    for (let version = 1; version <= 3; version++)
      await admin.request({
        method: 'PUT',
        url: `/api/team/${team.id}`,
        payload: { name: `Pau ${version}`, version },
      })
    const page = (await admin.request({ url: `/api/audit/team/${team.id}?page=2&pageSize=3` })).json()
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ action: 'create' }] })
    expect((await admin.request({ url: `/api/audit/team/${team.id}?pageSize=101` })).statusCode).toBe(400)
    expect((await admin.request({ url: `/api/audit/lead/${team.id}` })).statusCode).toBe(400)
  })
})

describe('access per role', () => {
  const teamRoutes = (id: number, userId: number) =>
    [
      { method: 'GET', url: '/api/teams' },
      { method: 'POST', url: '/api/teams', payload: { name: 'Équipe X' } },
      { method: 'GET', url: `/api/team/${id}` },
      { method: 'PUT', url: `/api/team/${id}`, payload: { name: 'Équipe Y', version: 1 } },
      { method: 'POST', url: `/api/team/${id}/archive`, payload: { version: 1 } },
      { method: 'POST', url: `/api/team/${id}/restore`, payload: { version: 1 } },
      { method: 'PUT', url: `/api/team/${id}/member/${userId}` },
      { method: 'DELETE', url: `/api/team/${id}/member/${userId}` },
      { method: 'PUT', url: `/api/team/${id}/manager/${userId}` },
      { method: 'DELETE', url: `/api/team/${id}/manager/${userId}` },
      { method: 'GET', url: `/api/audit/team/${id}` },
    ] as const
  const readsForManager = new Set(['GET /api/teams', 'GET /api/team/:id'])

  it('answers 401 signed out, 403 to a teleoperator everywhere, and lets a manager read only', async () => {
    const [team] = await t.database.db.select().from(teams)
    for (const route of teamRoutes(team!.id, t.users.teleop.id)) {
      const key = `${route.method} ${route.url.replace(String(team!.id), ':id')}`
      expect((await t.app.inject(route)).statusCode, key).toBe(401)
      expect((await teleop.request(route)).statusCode, key).toBe(403)
      const asManager = (await manager.request(route)).statusCode
      expect(asManager, key).toBe(readsForManager.has(key) ? 200 : 403)
    }
  })

  it('shows a manager their own teams only; another team reads as missing', async () => {
    const other = await insertTeam(t.database.db, 'Équipe Toulouse', [])
    const list = (await manager.request({ url: '/api/teams' })).json()
    expect(list.items.map((team: { name: string }) => team.name)).toEqual(['Équipe'])
    const res = await manager.request({ url: `/api/team/${other.id}` })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('Équipe introuvable.')
  })
})

describe('API document', () => {
  it('lists the teams and audit routes with their 409 body', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json()
    for (const path of [
      '/api/teams',
      '/api/team/{id}',
      '/api/team/{id}/archive',
      '/api/team/{id}/member/{userId}',
      '/api/team/{id}/manager/{userId}',
      '/api/audit/{entity}/{id}',
    ])
      expect(Object.keys(doc.paths), path).toContain(path)
    const conflict = doc.paths['/api/team/{id}'].put.responses['409'].content['application/json'].schema
    expect(Object.keys(conflict.properties)).toEqual(['error', 'redirect', 'current'])
  })
})
