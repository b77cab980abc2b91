import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} } })
const { admin, manager, teleop } = t.agents

async function create(missionId: number, name: string, postalCodePrefixes: string[] = []) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/markets',
    payload: { missionId, name, postalCodePrefixes },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

describe('markets', () => {
  it('creates a market with its prefixes cleaned, lists it per mission and audits it', async () => {
    const { mission } = await insertMission(t.database.db)
    const other = await insertMission(t.database.db)
    const market = await create(mission.id, ' Bretagne ', ['29', '2a', ' 35 ', '29', '56100'])
    expect(market).toMatchObject({
      name: 'Bretagne',
      missionId: mission.id,
      postalCodePrefixes: ['29', '2A', '35', '56100'],
      version: 1,
      leadCount: 0,
    })
    const list = (await manager.request({ url: `/api/markets?missionId=${mission.id}` })).json()
    expect(list.items.map((m: { name: string }) => m.name)).toEqual(['Bretagne', 'Marché'])
    expect((await admin.request({ url: `/api/markets?missionId=${other.mission.id}` })).json().total).toBe(1)
    const audit = (await admin.request({ url: `/api/audit/market/${market.id}` })).json().items
    expect(audit[0]).toMatchObject({ action: 'create', after: { postalCodePrefixes: '29, 2A, 35, 56100' } })
  })

  it('refuses bad prefixes and a name taken in the same mission, not in another', async () => {
    const { mission } = await insertMission(t.database.db)
    const other = await insertMission(t.database.db)
    const bad = await admin.request({
      method: 'POST',
      url: '/api/markets',
      payload: { missionId: mission.id, name: 'Nord', postalCodePrefixes: ['59', '7', '2C'] },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({
      'postalCodePrefixes.1':
        'Chaque préfixe compte 2 à 5 chiffres (par exemple 75 ou 921), ou 2A / 2B pour la Corse.',
      'postalCodePrefixes.2':
        'Chaque préfixe compte 2 à 5 chiffres (par exemple 75 ou 921), ou 2A / 2B pour la Corse.',
    })
    const taken = await admin.request({
      method: 'POST',
      url: '/api/markets',
      payload: { missionId: mission.id, name: 'MARCHE', postalCodePrefixes: [] },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.message).toBe('Cette mission a déjà un marché de ce nom.')
    await create(other.mission.id, 'Nord')
    await create(mission.id, 'Nord')
  })

  it('edits with the version and refuses a stale one with the current market', async () => {
    const { mission } = await insertMission(t.database.db)
    const market = await create(mission.id, 'Lyon', ['69'])
    const edit = await admin.request({
      method: 'PUT',
      url: `/api/market/${market.id}`,
      payload: { name: 'Lyon Est', postalCodePrefixes: ['69', '38'], version: 1 },
    })
    expect(edit.json()).toMatchObject({ name: 'Lyon Est', postalCodePrefixes: ['38', '69'], version: 2 })
    const stale = await admin.request({
      method: 'PUT',
      url: `/api/market/${market.id}`,
      payload: { name: 'Lyon Ouest', postalCodePrefixes: [], version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ error: { code: 'STALE_VERSION' }, current: { name: 'Lyon Est' } })
  })

  it('deletes a market without leads; one with leads answers 409 and stays', async () => {
    const { mission, market } = await insertMission(t.database.db)
    await insertLead(t.database.db, market.id)
    const refused = await admin.request({
      method: 'DELETE',
      url: `/api/market/${market.id}`,
      payload: { version: 1 },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe('Ce marché a des leads : il ne peut pas être supprimé.')
    const empty = await create(mission.id, 'Vide')
    const deleted = await admin.request({
      method: 'DELETE',
      url: `/api/market/${empty.id}`,
      payload: { version: 1 },
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await admin.request({ url: `/api/markets?missionId=${mission.id}` })).json().total).toBe(1)
  })

  it('gives managers read access only and teleoperators 403', async () => {
    const { market } = await insertMission(t.database.db)
    expect((await manager.request({ url: `/api/market/${market.id}` })).statusCode).toBe(200)
    const write = await manager.request({
      method: 'PUT',
      url: `/api/market/${market.id}`,
      payload: { name: 'X', postalCodePrefixes: [], version: 1 },
    })
    expect(write.statusCode).toBe(403)
    for (const [method, url] of [
      ['GET', '/api/markets'],
      ['GET', `/api/market/${market.id}`],
      ['POST', '/api/markets'],
      ['DELETE', `/api/market/${market.id}`],
    ] as const)
      expect((await teleop.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(403)
  })
})
