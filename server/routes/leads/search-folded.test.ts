// @both-databases: accent folding through the API.
// Issue #11 "Search": accents and case never matter, the approximate fallback, and what the reader
// may do with each result (canPick, from the rule of pick).
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { users } from '../../db/schema.ts'
import type { LeadSearchItem, LeadSearchResult } from '../../../src/contracts/lead.ts'

const DAY = 24 * 60 * 60 * 1000
const t = signedInServer({
  users: {
    teleop: {},
    julie: { signIn: false },
    admin: { role: 'ADMIN' },
    manager: { role: 'MANAGER' },
  },
  team: ['teleop', 'manager'],
})
const { teleop: me, julie } = t.users
const { teleop: agent, admin, manager } = t.agents

async function search(text: string, as = agent): Promise<LeadSearchResult> {
  const res = await as.request({ url: `/api/lead/search/${encodeURIComponent(text)}` })
  expect(res.statusCode, text).toBe(200)
  return res.json()
}

const names = (result: LeadSearchResult) => result.items.map((i) => `${i.firstName} ${i.lastName}`)

async function missionOfMe() {
  return insertMission(t.database.db, { userIds: [me.id], teamIds: [t.teamId] })
}

describe('lead search ignores accents and case', () => {
  it('finds Lefèvre, François and Hélène Dufour however they are typed, in either order', async () => {
    const { db } = t.database
    const { market } = await missionOfMe()
    await insertLead(db, market.id, { firstName: 'Camille', lastName: 'Lefèvre' })
    await insertLead(db, market.id, { firstName: 'Paul', lastName: 'François' })
    await insertLead(db, market.id, { firstName: 'Hélène', lastName: 'Dufour' })
    await insertLead(db, market.id, { firstName: 'Jean', lastName: 'Durand' })
    for (const text of ['lefevre', 'LEFÈVRE', 'Lefevre', 'lefè', 'LEFE', 'camille lefevre'])
      expect(names(await search(text)), text).toEqual(['Camille Lefèvre'])
    for (const text of ['francois', 'FRANÇOIS', 'franc'])
      expect(names(await search(text)), text).toEqual(['Paul François'])
    for (const text of ['helene dufour', 'dufour helene', 'HELENE', 'Hélène DUF']) {
      const result = await search(text)
      expect(names(result), text).toEqual(['Hélène Dufour'])
      expect(result.approximate, text).toBe(false)
    }
  })

  it('folds œ, æ, ß, ç, é, ï and the like the same way in the names and in what is typed', async () => {
    const { db } = t.database
    const { market } = await missionOfMe()
    for (const [firstName, lastName] of [
      ['Zoé', 'Œuvray'],
      ['Loïc', 'Kæstner'],
      ['Jürgen', 'Straße'],
      ['Ève', 'Oeillet'],
      ['Noël', 'Ça'],
    ] as const)
      await insertLead(db, market.id, { firstName, lastName })
    const cases: [string, string][] = [
      ['oeuvray', 'Zoé Œuvray'],
      ['ŒUV', 'Zoé Œuvray'],
      ['zoe oeu', 'Zoé Œuvray'],
      ['kaestner', 'Loïc Kæstner'],
      ['KÆST', 'Loïc Kæstner'],
      ['loic', 'Loïc Kæstner'],
      ['strasse', 'Jürgen Straße'],
      ['Straß', 'Jürgen Straße'],
      ['jurgen', 'Jürgen Straße'],
      ['œillet', 'Ève Oeillet'],
      ['eve', 'Ève Oeillet'],
      ['ca', 'Noël Ça'],
      ['NOEL ça', 'Noël Ça'],
    ]
    for (const [text, name] of cases) expect(names(await search(text)), text).toEqual([name])
  })

  it('orders by the folded names: an accented initial sorts with its letter', async () => {
    const { db } = t.database
    const { market } = await missionOfMe()
    for (const [firstName, lastName] of [
      ['Anne', 'Eymard'],
      ['Zoé', 'Émery'],
      ['Luc', 'Ebert'],
      ['Éric', 'Martin'],
    ] as const)
      await insertLead(db, market.id, { firstName, lastName })
    expect(names(await search('e'))).toEqual(['Luc Ebert', 'Zoé Émery', 'Anne Eymard', 'Éric Martin'])
  })

  it('takes `%`, `_` and `\\` literally, typed or folded from another character', async () => {
    const { db } = t.database
    const { market } = await missionOfMe()
    await insertLead(db, market.id, { firstName: 'Anne', lastName: 'Martin' })
    for (const text of ['%', 'm%', '％', 'm＿', '\\']) expect(names(await search(text)), text).toEqual([])
    // `_` read as a wildcard would match Martin by the prefix rule: only the fallback finds it.
    expect(await search('_artin')).toMatchObject({ approximate: true, total: 1 })
  })
})

describe('the approximate fallback', () => {
  it('suggests the closest names when no name starts with the words typed, marked approximate', async () => {
    const { db } = t.database
    const { market } = await missionOfMe()
    await insertLead(db, market.id, { firstName: 'Hélène', lastName: 'Dufour' })
    await insertLead(db, market.id, { firstName: 'Camille', lastName: 'Lefèvre' })
    await insertLead(db, market.id, { firstName: 'Jean', lastName: 'Lefebvre' })
    await insertLead(db, market.id, { firstName: 'Pierre', lastName: 'Fournier' })

    const dufor = await search('dufor')
    expect(dufor).toMatchObject({ approximate: true, total: 1, totalCapped: false })
    expect(names(dufor)).toEqual(['Hélène Dufour'])
    expect(names(await search('helene dufor'))).toEqual(['Hélène Dufour'])
    expect(names(await search('Dufor Hélène'))).toEqual(['Hélène Dufour'])
    // The closest first: "lefebre" is nearer Lefebvre than Lefèvre, both are offered.
    const lefebre = await search('lefebre')
    expect(lefebre.approximate).toBe(true)
    expect(names(lefebre)).toEqual(['Jean Lefebvre', 'Camille Lefèvre'])
    // A prefix match is never approximate; nothing close is an empty, exact answer.
    expect((await search('dufour')).approximate).toBe(false)
    expect(await search('qwxz')).toMatchObject({ items: [], total: 0, approximate: false })
    expect(await search('zx')).toMatchObject({ items: [], total: 0, approximate: false })
  })

  it('pages and counts the approximate results, within the user’s leads and the mission asked', async () => {
    const { db } = t.database
    const { market, mission } = await missionOfMe()
    const other = await missionOfMe()
    const foreign = await insertMission(db)
    for (let i = 0; i < 3; i += 1)
      await insertLead(db, market.id, { firstName: `Anne${i}`, lastName: 'Dufour' })
    await insertLead(db, other.market.id, { firstName: 'Zoé', lastName: 'Dufour' })
    await insertLead(db, foreign.market.id, { firstName: 'Léa', lastName: 'Dufour' })
    const res = await agent.request({ url: `/api/lead/search/dufor/2?limit=2` })
    expect(res.json()).toMatchObject({ approximate: true, total: 4, page: 2 })
    expect(names(res.json())).toEqual(['Anne2 Dufour', 'Zoé Dufour'])
    const filtered = await agent.request({ url: `/api/lead/search/dufor/1?missionId=${mission.id}` })
    expect(filtered.json()).toMatchObject({ approximate: true, total: 3 })
  })
})

describe('what the reader may do with each result', () => {
  const byName = (result: LeadSearchResult) =>
    Object.fromEntries(result.items.map((i) => [i.firstName, i])) as Record<string, LeadSearchItem>

  it('says canPick from the rule of pick, with the reason, and pick agrees with it', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId], durationDays: 30 })
    await db.update(users).set({ firstName: 'Julie', lastName: 'Moreau' }).where(eq(users.id, julie.id))
    const since = new Date(Date.now() - 3_600_000)
    await insertLead(db, market.id, { firstName: 'Libre', lastName: 'Test' })
    await insertLead(db, market.id, {
      firstName: 'Tenu',
      lastName: 'Test',
      processingUserId: julie.id,
      processingSince: since,
    })
    await insertLead(db, market.id, {
      firstName: 'Expiré',
      lastName: 'Test',
      meetRequestDate: new Date(Date.now() - 31 * DAY),
    })
    await insertLead(db, market.id, { firstName: 'Clos', lastName: 'Test', status: 'APPOINTMENT' })
    await insertLead(db, market.id, {
      firstName: 'Attente',
      lastName: 'Test',
      substatus: 'WAITING_FOR_FORCED_RDV',
    })
    const items = byName(await search('test'))
    expect(items['Libre']).toMatchObject({ canPick: true, pickRefusal: null })
    expect(items['Tenu']).toMatchObject({
      canPick: false,
      pickRefusal: 'HELD',
      processingUser: { id: julie.id, firstName: 'Julie', lastName: 'Moreau' },
      processingSince: since.toISOString(),
    })
    expect(items['Expiré']).toMatchObject({ canPick: false, pickRefusal: 'EXPIRED', isExpired: true })
    expect(items['Clos']).toMatchObject({ canPick: false, pickRefusal: 'CLOSED' })
    expect(items['Attente']).toMatchObject({ canPick: false, pickRefusal: 'WAITING_FOR_FORCED_RDV' })
    expect(Date.parse(items['Libre']!.expirationDate)).toBeGreaterThan(Date.now())

    // The pick route agrees with every answer.
    const pick = (id: number) => agent.request({ method: 'POST', url: `/api/lead/search/pick/${id}` })
    for (const name of ['Tenu', 'Expiré', 'Clos', 'Attente'])
      expect((await pick(items[name]!.id)).statusCode, name).toBe(409)
    expect((await pick(items['Libre']!.id)).statusCode).toBe(200)

    // Now the reader holds a lead: that one is theirs, the others wait for it to be finished.
    const after = byName(await search('test'))
    expect(after['Libre']).toMatchObject({ canPick: false, pickRefusal: 'HELD_BY_YOU' })
    expect(after['Tenu']).toMatchObject({ canPick: false, pickRefusal: 'HELD' })
    const free = await insertLead(db, market.id, { firstName: 'Autre', lastName: 'Test' })
    expect(byName(await search('test'))['Autre']).toMatchObject({
      canPick: false,
      pickRefusal: 'UNFINISHED_PROCESSING_LEAD',
    })
    expect((await pick(free.id)).statusCode).toBe(403)
  })

  it('gives the blocking cause of an untagged call, and NOT_CALL_CAPABLE to an administrator', async () => {
    const { db } = t.database
    const { market } = await missionOfMe()
    const lead = await insertLead(db, market.id, { firstName: 'Libre', lastName: 'Test' })
    expect((await search('test', admin)).items[0]).toMatchObject({
      canPick: false,
      pickRefusal: 'NOT_CALL_CAPABLE',
    })
    // A manager sees the missions opened to the teams they manage and picks in any of them.
    expect((await search('test', manager)).items[0]).toMatchObject({ canPick: true, pickRefusal: null })
    await insertCall(db, { userId: me.id, leadId: lead.id, endedAt: new Date(), status: 'done' })
    expect((await search('test')).items[0]).toMatchObject({ canPick: false, pickRefusal: 'UNTAGGED_CALL' })
  })
})
