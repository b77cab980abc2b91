// @both-databases: the search's SQL through the API.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { leads, users } from '../../db/schema.ts'

const DAY = 24 * 60 * 60 * 1000
const t = signedInServer({ users: { teleop: {} } })
const { teleop: me } = t.users
const { teleop: agent } = t.agents

const search = (text: string, suffix = '') =>
  agent.request({ url: `/api/lead/search/${encodeURIComponent(text)}${suffix}` })

describe('GET /api/lead/search/{search}/{page}', () => {
  it('finds by name, phone in any French writing, e-mail and id, in the user’s missions only', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    const other = await insertMission(db)
    const lead = await insertLead(db, market.id, {
      firstName: 'Jeanne',
      lastName: 'Dupont-Morel',
      phone: '+33612345678',
      secondaryPhone: '+33145678901',
      email: 'Jeanne.Dupont@exemple.fr',
    })
    await insertLead(db, other.market.id, { lastName: 'Dupont', phone: '+33612345678' })
    for (const text of [
      'dupont',
      'DUPONT-MO',
      'jea dup',
      'Dupont Jeanne',
      '06 12 34 56 78',
      '+33 6 12 34 56 78',
      '0033612345678',
      '01 45 67 89 01',
      'jeanne.dupont@',
      String(lead.id),
      lead.uuid,
    ]) {
      const res = await search(text)
      expect(res.statusCode, text).toBe(200)
      expect(
        res.json().items.map((i: { id: number }) => i.id),
        text,
      ).toEqual([lead.id])
      expect(res.json()).toMatchObject({ total: 1, page: 1, limit: 20 })
    }
    expect((await search('martin')).json().total).toBe(0)
    expect((await search('%')).json().total).toBe(0)
  })

  it('paginates and filters by mission', async () => {
    const { db } = t.database
    const a = await insertMission(db, { userIds: [me.id] })
    const b = await insertMission(db, { userIds: [me.id] })
    for (let i = 0; i < 5; i += 1) await insertLead(db, a.market.id, { lastName: `Leroy${i}` })
    await insertLead(db, b.market.id, { lastName: 'Leroy9' })
    const page2 = (await search('leroy', '/2?limit=2')).json()
    expect(page2).toMatchObject({ total: 6, page: 2, limit: 2 })
    expect(page2.items.map((i: { lastName: string }) => i.lastName)).toEqual(['Leroy2', 'Leroy3'])
    const filtered = (await search('leroy', `/1?missionId=${b.mission.id}`)).json()
    expect(filtered.items.map((i: { lastName: string }) => i.lastName)).toEqual(['Leroy9'])
    expect((await search('leroy', '/1?limit=101')).statusCode).toBe(400)
  })

  it('counts up to 1,000 and still pages a broad prefix in name order (the index walk)', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    // 1,005 "Martin…" leads in shuffled order, and one "Marchand" that sorts before them all.
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      firstName: `Prénom${String((i * 7919) % 1005).padStart(4, '0')}`,
      lastName: 'Martin',
      phone: `+3361${String(1_000_000 + i).slice(-7)}`,
      marketId: market.id,
      integrationMonth: '2026-10-01',
      meetRequestDate: new Date(Date.now() - DAY),
    }))
    await db.insert(leads).values(rows)
    await insertLead(db, market.id, { firstName: 'Zoé', lastName: 'Marchand' })
    // Leads whose first name only starts with "Mar" come after every last-name match.
    for (const lastName of ['Bernard', 'Abadie', 'Colin'])
      await insertLead(db, market.id, { firstName: 'Marie', lastName })

    const first = (await search('Mar', '/1?limit=3')).json()
    expect(first).toMatchObject({ total: 1000, totalCapped: true, page: 1, limit: 3 })
    expect(
      first.items.map((l: { lastName: string; firstName: string }) => `${l.lastName} ${l.firstName}`),
    ).toEqual(['Marchand Zoé', 'Martin Prénom0000', 'Martin Prénom0001'])
    const second = (await search('Mar', '/2?limit=3')).json()
    expect(second.items.map((l: { firstName: string }) => l.firstName)).toEqual([
      'Prénom0002',
      'Prénom0003',
      'Prénom0004',
    ])
    // The page that straddles the last-name and first-name matches, and one past both.
    const straddling = (await search('Mar', '/336?limit=3')).json()
    expect(
      straddling.items.map((l: { lastName: string; firstName: string }) => `${l.lastName} ${l.firstName}`),
    ).toEqual(['Martin Prénom1004', 'Abadie Marie', 'Bernard Marie'])
    const next = (await search('Mar', '/337?limit=3')).json()
    expect(next.items.map((l: { lastName: string }) => l.lastName)).toEqual(['Colin'])
    expect((await search('Mar', '/338?limit=3')).json().items).toEqual([])
    // A narrower search is counted exactly and sorted the same way.
    const narrow = (await search('Marchand')).json()
    expect(narrow).toMatchObject({ total: 1, totalCapped: false })
  })

  it('lists last-name matches first, then first-name ones, each by name', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    for (const [firstName, lastName] of [
      ['Durga', 'Martin'],
      ['Paul', 'durieux'],
      ['Anne', 'Durand'],
      ['Zoé', 'Durand'],
    ] as const)
      await insertLead(db, market.id, { firstName, lastName })
    const found = (await search('dur')).json()
    expect(found).toMatchObject({ total: 4, totalCapped: false })
    expect(
      found.items.map((l: { lastName: string; firstName: string }) => `${l.lastName} ${l.firstName}`),
    ).toEqual(['Durand Anne', 'Durand Zoé', 'durieux Paul', 'Martin Durga'])
  })

  it('is refused with a French message while the user has an ongoing call', async () => {
    await insertCall(t.database.db, { userId: me.id })
    // One word, several words, a phone: each way of reading the page checks it.
    for (const input of ['dupont', 'jean dupont', '06 12 34 56 78']) {
      const res = await search(input)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe(
        'La recherche est impossible pendant un appel : terminez-le d’abord.',
      )
    }
  })
})

describe('POST /api/lead/search/pick/{leadId}', () => {
  it('takes a free workable lead of the user’s missions', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id] })
    const lead = await insertLead(db, market.id, { status: 'RECALL', recallAt: new Date(Date.now() + DAY) })
    const res = await agent.request({ method: 'POST', url: `/api/lead/search/pick/${lead.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ redirect: `/lead/${lead.uuid}` })
    const [user] = await db.select().from(users).where(eq(users.id, me.id))
    expect(user!.processingLeadId).toBe(lead.id)
  })

  it('refuses a held, expired or closed lead (409), another mission’s lead like an unknown one (404), and applies the blocking causes', async () => {
    const { db } = t.database
    const other = await insertUser(db)
    const { market } = await insertMission(db, { userIds: [me.id], durationDays: 30 })
    const foreign = await insertMission(db)
    const pick = (id: number) => agent.request({ method: 'POST', url: `/api/lead/search/pick/${id}` })
    const held = await insertLead(db, market.id, { processingUserId: other.id })
    const expired = await insertLead(db, market.id, { meetRequestDate: new Date(Date.now() - 31 * DAY) })
    const closed = await insertLead(db, market.id, { status: 'NOT_INTERESTED' })
    for (const lead of [held, expired, closed]) expect((await pick(lead.id)).statusCode).toBe(409)
    const foreignPick = await pick((await insertLead(db, foreign.market.id)).id)
    const unknownPick = await pick(999999)
    expect(foreignPick.statusCode).toBe(404)
    expect(unknownPick.statusCode).toBe(404)
    expect(foreignPick.json()).toEqual(unknownPick.json())
    const free = await insertLead(db, market.id)
    const mine = await insertLead(db, market.id, { processingUserId: me.id })
    const res = await pick(free.id)
    expect(res.statusCode).toBe(403)
    expect(res.json().redirect).toBe(
      `/lead/${mine.uuid}?redirect=/lead/${mine.uuid}&cause=UNFINISHED_PROCESSING_LEAD`,
    )
    const [after] = await db.select().from(leads).where(eq(leads.id, free.id))
    expect(after!.processingUserId).toBeNull()
  })
})
