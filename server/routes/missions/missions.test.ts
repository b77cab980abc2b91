import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { callProcesses } from '../../db/schema.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
})
const { admin, manager, teleop } = t.agents

const REGULATED = {
  callProcessId: null,
  callingRule: 'REGULATED',
  callingHours: { days: [1, 2, 3, 4, 5], periods: [[600, 780]], holidays: false },
  maxCallAttempts: null,
  quietDays: null,
}

async function create(name: string, extra: Record<string, unknown> = {}) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/missions',
    payload: { ...REGULATED, name, color: '#1D4ED8', ...extra },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function auditOf(id: number) {
  const res = await admin.request({ url: `/api/audit/mission/${id}` })
  expect(res.statusCode).toBe(200)
  return res.json().items
}

describe('creating and editing', () => {
  it('creates a mission with the configured default duration and lists it', async () => {
    await admin.request({
      method: 'PUT',
      url: '/api/configuration/leadProcessingDurationDays',
      payload: { value: 45, version: 1 },
    })
    const mission = await create('  Énergie Ouest ')
    expect(mission).toMatchObject({
      name: 'Énergie Ouest',
      color: '#1d4ed8',
      bannerUrl: '',
      leadProcessingDurationDays: 45,
      version: 1,
      archivedAt: null,
      markets: [],
    })
    const list = (await manager.request({ url: '/api/missions?search=energie' })).json()
    expect(list).toMatchObject({ total: 1, items: [{ id: mission.id, marketCount: 0, leadCount: 0 }] })
    expect((await auditOf(mission.id))[0]).toMatchObject({
      action: 'create',
      after: { name: 'Énergie Ouest' },
    })
  })

  it('refuses a colour white text cannot be read on, with the ratio, in French next to the field', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/missions',
      payload: { ...REGULATED, name: 'Jaune', color: '#ffd700' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.color).toMatch(/^Contraste insuffisant avec le texte blanc : 1,\d\d : 1/)
    const bad = await admin.request({
      method: 'POST',
      url: '/api/missions',
      payload: { ...REGULATED, name: '', color: 'bleu', leadProcessingDurationDays: 0 },
    })
    expect(bad.json().error.fields).toEqual({
      name: 'Le nom de la mission est obligatoire.',
      color: 'Indiquez une couleur au format #RRGGBB (par exemple #1d4ed8).',
      leadProcessingDurationDays: 'La durée de traitement est un nombre de jours entre 1 et 3650.',
    })
    expect((await admin.request({ url: '/api/missions' })).json().total).toBe(0)
  })

  it('validates the calling rules with the shared schema', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/missions',
      payload: {
        ...REGULATED,
        name: 'Horaires',
        color: '#1d4ed8',
        callingRule: 'CUSTOM',
        callingHours: {
          days: [],
          periods: [
            [600, 540],
            [500, 700],
          ],
          holidays: false,
        },
        maxCallAttempts: 0,
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toMatchObject({
      'callingHours.days': 'Choisissez au moins un jour d’appel.',
      'callingHours.periods.0': 'La fin de la plage doit suivre son début.',
      maxCallAttempts: 'Le nombre de tentatives est entre 1 et 100.',
    })
  })

  it('refuses a name already taken whatever its case and accents (409)', async () => {
    await create('Fibre Île-de-France')
    const res = await admin.request({
      method: 'POST',
      url: '/api/missions',
      payload: { ...REGULATED, name: 'FIBRE ile-de-france', color: '#1d4ed8' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'Une mission porte déjà ce nom.' })
  })

  it('edits with the version, audits the changed fields and refuses a stale version with the current mission', async () => {
    const mission = await create('Solaire')
    const [process] = await t.database.db
      .insert(callProcesses)
      .values({ name: 'Process solaire' })
      .returning()
    const body = { ...REGULATED, name: 'Solaire Sud', color: '#7c2d12', leadProcessingDurationDays: 30 }
    const first = await admin.request({
      method: 'PUT',
      url: `/api/mission/${mission.id}`,
      payload: { ...body, callProcessId: process!.id, callingRule: 'CUSTOM', maxCallAttempts: 3, version: 1 },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      name: 'Solaire Sud',
      version: 2,
      callProcess: { id: process!.id, name: 'Process solaire' },
      callingRule: 'CUSTOM',
      maxCallAttempts: 3,
    })
    const stale = await admin.request({
      method: 'PUT',
      url: `/api/mission/${mission.id}`,
      payload: { ...body, name: 'Solaire Nord', version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { name: 'Solaire Sud', version: 2 },
    })
    const [update] = await auditOf(mission.id)
    expect(update).toMatchObject({
      action: 'update',
      before: { name: 'Solaire', color: '#1d4ed8', callProcess: null, callingRule: 'REGULATED' },
      after: { name: 'Solaire Sud', color: '#7c2d12', callProcess: 'Process solaire', callingRule: 'CUSTOM' },
    })
  })

  it('keeps the automatic call delay (issue #29): off by default, 5 to 60 s, kept when an edit leaves it out', async () => {
    const mission = await create('Fibre')
    expect(mission.autoCallDelaySeconds).toBeNull()
    const body = { ...REGULATED, name: 'Fibre', color: '#1d4ed8', leadProcessingDurationDays: 30 }
    for (const wrong of [4, 61, 7.5]) {
      const refused = await admin.request({
        method: 'PUT',
        url: `/api/mission/${mission.id}`,
        payload: { ...body, autoCallDelaySeconds: wrong, version: 1 },
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.fields).toEqual({
        autoCallDelaySeconds: 'Le délai avant l’appel automatique est entre 5 et 60 secondes.',
      })
    }
    const set = await admin.request({
      method: 'PUT',
      url: `/api/mission/${mission.id}`,
      payload: { ...body, autoCallDelaySeconds: 8, version: 1 },
    })
    expect(set.json()).toMatchObject({ autoCallDelaySeconds: 8, version: 2 })
    expect((await auditOf(mission.id))[0]).toMatchObject({
      action: 'update',
      after: { autoCallDelaySeconds: 8 },
    })
    const kept = await admin.request({
      method: 'PUT',
      url: `/api/mission/${mission.id}`,
      payload: { ...body, name: 'Fibre Est', version: 2 },
    })
    expect(kept.json()).toMatchObject({ name: 'Fibre Est', autoCallDelaySeconds: 8 })
    const off = await admin.request({
      method: 'PUT',
      url: `/api/mission/${mission.id}`,
      payload: { ...body, name: 'Fibre Est', autoCallDelaySeconds: null, version: 3 },
    })
    expect(off.json()).toMatchObject({ autoCallDelaySeconds: null, version: 4 })
  })

  it('refuses an archived call process', async () => {
    const [process] = await t.database.db
      .insert(callProcesses)
      .values({ name: 'Ancien', archivedAt: new Date() })
      .returning()
    const res = await admin.request({
      method: 'POST',
      url: '/api/missions',
      payload: { ...REGULATED, name: 'Avec ancien', color: '#1d4ed8', callProcessId: process!.id },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.callProcessId).toMatch(/archivé/)
  })
})

describe('archiving and deleting', () => {
  it('refuses to delete a mission with leads, archives it instead and restores it', async () => {
    const { mission, market } = await insertMission(t.database.db)
    await insertLead(t.database.db, market.id)
    const refused = await admin.request({
      method: 'DELETE',
      url: `/api/mission/${mission.id}`,
      payload: { version: 1 },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'Cette mission a des leads : archivez-la plutôt que de la supprimer.',
    )
    const archived = await admin.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/archive`,
      payload: { version: 1 },
    })
    expect(archived.json()).toMatchObject({ version: 2, leadCount: 1 })
    expect(archived.json().archivedAt).not.toBeNull()
    expect((await admin.request({ url: '/api/missions' })).json().total).toBe(0)
    expect((await admin.request({ url: '/api/missions?includeArchived=true' })).json().total).toBe(1)
    const edit = await admin.request({
      method: 'PUT',
      url: `/api/mission/${mission.id}`,
      payload: { ...REGULATED, name: 'X', color: '#1d4ed8', leadProcessingDurationDays: 60, version: 2 },
    })
    expect(edit.statusCode).toBe(409)
    const restored = await admin.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/restore`,
      payload: { version: 2 },
    })
    expect(restored.json()).toMatchObject({ archivedAt: null, version: 3 })
  })

  it('deletes a mission without leads, with its markets, and keeps the audit entry', async () => {
    const mission = await create('Éphémère')
    await admin.request({
      method: 'POST',
      url: '/api/markets',
      payload: { missionId: mission.id, name: 'Brest', postalCodePrefixes: ['29'] },
    })
    const res = await admin.request({
      method: 'DELETE',
      url: `/api/mission/${mission.id}`,
      payload: { version: 1 },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await admin.request({ url: `/api/mission/${mission.id}` })).statusCode).toBe(404)
    expect((await admin.request({ url: '/api/markets' })).json().total).toBe(0)
    expect((await auditOf(mission.id))[0]).toMatchObject({ action: 'delete', before: { name: 'Éphémère' } })
  })
})

describe('live reference data', () => {
  it('signals every signed-in page after a mission or a market changes', async () => {
    const signals: unknown[] = []
    const unsubscribe = t.app.bus.subscribe('reference-data', (data) => signals.push(data))
    try {
      const mission = await create('Signalée')
      const market = await admin.request({
        method: 'POST',
        url: '/api/markets',
        payload: { missionId: mission.id, name: 'Nord', postalCodePrefixes: [] },
      })
      expect(signals).toEqual([
        { kind: 'mission', id: mission.id },
        { kind: 'market', id: market.json().id },
      ])
    } finally {
      unsubscribe()
    }
  })
})

describe('access', () => {
  it('lets managers read, not write; teleoperators get 403 everywhere', async () => {
    const mission = await create('Accès')
    expect((await manager.request({ url: `/api/mission/${mission.id}` })).statusCode).toBe(200)
    const write = await manager.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/archive`,
      payload: { version: 1 },
    })
    expect(write.statusCode).toBe(403)
    for (const [method, url] of [
      ['GET', '/api/missions'],
      ['GET', `/api/mission/${mission.id}`],
      ['POST', '/api/missions'],
      ['PUT', `/api/mission/${mission.id}`],
      ['DELETE', `/api/mission/${mission.id}`],
      ['POST', `/api/mission/${mission.id}/banner`],
    ] as const)
      expect((await teleop.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(403)
  })
})
