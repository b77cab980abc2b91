// @both-databases: the search's SQL (extensions, planner).
// One-word searches around SEARCH_COUNT_CAP (server/domain/leads/search-pages.ts): up to the cap the
// matches are counted exactly and sorted; beyond it the page is read in index order, last-name
// matches first, whichever of the last or first names holds most of the matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../tests/setup/test-app.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { leads } from '../../db/schema.ts'
import type { Database } from '../../db/client.ts'
import { searchLeads, SEARCH_COUNT_CAP } from './search.ts'

let database: Database
let drop: () => Promise<void>
let reader: Awaited<ReturnType<typeof insertUser>>
let marketId: number

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  const { db } = database
  reader = await insertUser(db)
  ;({
    market: { id: marketId },
  } = await insertMission(db, { userIds: [reader.id] }))
  // SEARCH_COUNT_CAP leads whose first name only starts with "mar", in shuffled order, and two whose
  // last name does.
  await db.insert(leads).values(
    Array.from({ length: SEARCH_COUNT_CAP }, (_, i) => ({
      firstName: 'Marie',
      lastName: `Nom${String((i * 7919) % SEARCH_COUNT_CAP).padStart(4, '0')}`,
      phone: `+3362${String(1_000_000 + i).slice(-7)}`,
      marketId,
      integrationMonth: '2026-10-01',
      meetRequestDate: new Date(Date.now() - 86_400_000),
    })),
  )
  for (const firstName of ['Bob', 'Ana']) await insertLead(db, marketId, { firstName, lastName: 'Marin' })
}, 60_000)
afterAll(() => drop())

async function names(search: string, page: number, limit: number) {
  const result = await searchLeads(database.db, { user: reader, search, page, limit })
  return {
    total: result.total,
    capped: result.totalCapped,
    names: result.items.map((item) => `${item.lastName} ${item.firstName}`),
  }
}

describe('one-word lead search around the count cap', () => {
  it('counts exactly up to the cap, and says "more" past it, in the same order either way', async () => {
    // Exactly the cap: counted and sorted.
    expect(await names('marie', 1, 2)).toEqual({
      total: SEARCH_COUNT_CAP,
      capped: false,
      names: ['Nom0000 Marie', 'Nom0001 Marie'],
    })
    // One more than the cap, most of them first-name matches: the last-name ones still lead.
    expect(await names('mar', 1, 3)).toEqual({
      total: SEARCH_COUNT_CAP,
      capped: true,
      names: ['Marin Ana', 'Marin Bob', 'Nom0000 Marie'],
    })
    expect((await names('mar', 2, 3)).names).toEqual(['Nom0001 Marie', 'Nom0002 Marie', 'Nom0003 Marie'])
    // The last page.
    expect((await names('mar', 334, 3)).names).toEqual(['Nom0997 Marie', 'Nom0998 Marie', 'Nom0999 Marie'])
    expect((await names('mar', 335, 3)).names).toEqual([])
  })

  it('pages past the cap when no last name starts with the word', async () => {
    const { db } = database
    await insertLead(db, marketId, { firstName: 'Marielle', lastName: 'Zola' })
    expect(await names('marie', 1, 2)).toEqual({
      total: SEARCH_COUNT_CAP,
      capped: true,
      names: ['Nom0000 Marie', 'Nom0001 Marie'],
    })
    // A page after the first: none of the last names start with "marie", counted to place it.
    expect((await names('marie', 3, 2)).names).toEqual(['Nom0004 Marie', 'Nom0005 Marie'])
    expect((await names('marie', 501, 2)).names).toEqual(['Zola Marielle'])
  })

  it('gives each lead its dates to the millisecond and who holds it', async () => {
    const { db } = database
    const since = new Date('2026-11-20T09:15:30.123Z')
    const recall = new Date('2026-12-01T13:30:00.999Z')
    const meet = new Date('2026-11-10T08:00:00.001Z')
    await insertLead(db, marketId, {
      firstName: 'Odile',
      lastName: 'Quintal',
      processingUserId: reader.id,
      processingSince: since,
      recallAt: recall,
      meetRequestDate: meet,
    })
    const [item] = (await searchLeads(db, { user: reader, search: 'quintal', page: 1, limit: 5 })).items
    expect(item).toMatchObject({
      processingSince: since.toISOString(),
      recallAt: recall.toISOString(),
      meetRequestDate: meet.toISOString(),
      processingUser: { id: reader.id, firstName: reader.firstName, lastName: reader.lastName },
      canPick: false,
      pickRefusal: 'HELD_BY_YOU',
    })
  })
})
