// Issue #14 "Lead follow-up": GET /api/activity/follow-up and /api/activity/follow-up/leads — the
// counts of a scripted set of leads per market (statuses, substatuses, steps, the situations a manager
// acts on), the lists behind them, unassigning a lead held too long, and who follows which mission.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { insertLead, insertLeads, insertMission } from '../../../tests/factories/leads.ts'
import { earlierToday } from '../../../tests/factories/paris-today.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { FollowUp, FollowUpLeadsPage } from '../../../src/contracts/follow-up.ts'
import { markets, users } from '../../db/schema.ts'

const t = signedInServer({
  users: { teleop: {}, other: {}, manager: { role: 'MANAGER' }, admin: { role: 'ADMIN' } },
  team: ['teleop', 'manager'],
})
const { teleop: agent, manager, admin } = t.agents

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(Date.now() - ms)

async function scriptLeads() {
  const { db } = t.database
  const { teleop, other } = t.users
  const { mission, market } = await insertMission(db, {
    name: 'Mission Soleil',
    userIds: [teleop.id],
    teamIds: [t.teamId],
  })
  const [nord] = await db.insert(markets).values({ missionId: mission.id, name: 'Nord' }).returning()
  const elsewhere = await insertMission(db, { name: 'Mission Zèbre', userIds: [other.id] })
  const lead = (fixture: Parameters<typeof insertLead>[2], marketId = market.id) =>
    insertLead(db, marketId, { meetRequestDate: ago(10 * DAY), ...fixture })
  const a = {
    fresh: await lead({ lastName: 'Albert' }),
    expiring: await lead({ lastName: 'Bernard', meetRequestDate: ago(57 * DAY) }),
    heldLong: await lead({
      lastName: 'Chevalier',
      status: 'IN_PROGRESS',
      step: 2,
      processingUserId: teleop.id,
      processingSince: ago(3 * HOUR),
    }),
    heldByOther: await lead({
      lastName: 'David',
      status: 'IN_PROGRESS',
      processingUserId: other.id,
      processingSince: ago(5 * HOUR),
    }),
    recallDue: await lead({
      lastName: 'Étienne',
      status: 'RECALL',
      substatus: 'CALLBACK_REQUESTED',
      // Due today, not overdue, also in the first second of the day.
      recallAt: earlierToday(1000),
    }),
    recallNow: await lead({ lastName: 'Fabre', status: 'RECALL', recallAt: null }),
    overdue: await lead({
      lastName: 'Garnier',
      status: 'UNREACHABLE',
      substatus: 'NO_ANSWER',
      recallAt: ago(2 * DAY),
    }),
    later: await lead({ lastName: 'Henry', status: 'RECALL', recallAt: new Date(Date.now() + 2 * HOUR) }),
    forced: await lead({
      lastName: 'Imbert',
      status: 'IN_PROGRESS',
      substatus: 'WAITING_FOR_FORCED_RDV',
      step: 2,
    }),
    booked: await lead({ lastName: 'Jacob', status: 'APPOINTMENT', step: 2 }),
    expired: await lead({ lastName: 'Klein', meetRequestDate: ago(61 * DAY) }),
  }
  await db.update(users).set({ processingLeadId: a.heldLong.id }).where(eq(users.id, teleop.id))
  await db.update(users).set({ processingLeadId: a.heldByOther.id }).where(eq(users.id, other.id))
  const b = {
    refused: await lead({ lastName: 'Lambert', status: 'NOT_INTERESTED' }, nord!.id),
    overdue: await lead({ lastName: 'Martin', status: 'RECALL', recallAt: ago(3 * DAY) }, nord!.id),
  }
  await lead({ lastName: 'Ailleurs' }, elsewhere.market.id)
  return { mission, market, nord: nord!, elsewhere: elsewhere.mission, a, b }
}

async function followUp(query = '', as = manager): Promise<FollowUp> {
  const res = await as.request({ method: 'GET', url: `/api/activity/follow-up${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as FollowUp
}

async function list(query: string, as = manager): Promise<FollowUpLeadsPage> {
  const res = await as.request({ method: 'GET', url: `/api/activity/follow-up/leads?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as FollowUpLeadsPage
}

const names = (page: FollowUpLeadsPage) => page.items.map((item) => item.lastName)

describe('the follow-up counts', () => {
  it('counts a scripted set per market by status, substatus, open step and situation', async () => {
    const { mission, market, nord } = await scriptLeads()
    const answer = await followUp()
    expect(answer.missions.map((m) => m.name)).toEqual(['Mission Soleil'])
    expect(answer.mission).toMatchObject({ id: mission.id, name: 'Mission Soleil' })
    expect(answer.heldLongMinutes).toBe(120)
    expect(answer.expiringSoonDays).toBe(7)
    const [first, second] = answer.markets
    expect(first).toEqual({
      id: market.id,
      name: 'Marché',
      total: 11,
      statuses: [
        { status: 'NEW', count: 3 },
        { status: 'IN_PROGRESS', count: 3 },
        { status: 'RECALL', count: 3 },
        { status: 'APPOINTMENT', count: 1 },
        { status: 'UNREACHABLE', count: 1 },
      ],
      substatuses: [
        { substatus: 'CALLBACK_REQUESTED', count: 1 },
        { substatus: 'NO_ANSWER', count: 1 },
        { substatus: 'WAITING_FOR_FORCED_RDV', count: 1 },
      ],
      steps: [
        { step: 1, count: 8 },
        { step: 2, count: 2 },
      ],
      alerts: {
        'recall-due': 3,
        'recall-overdue': 1,
        'forced-appointment': 1,
        'held-long': 2,
        'expiring-soon': 1,
        expired: 1,
      },
    })
    expect(second).toMatchObject({
      id: nord.id,
      name: 'Nord',
      total: 2,
      statuses: [
        { status: 'RECALL', count: 1 },
        { status: 'NOT_INTERESTED', count: 1 },
      ],
      steps: [{ step: 1, count: 1 }],
      alerts: { 'recall-due': 1, 'recall-overdue': 1 },
    })
    expect(answer.totals).toMatchObject({
      total: 13,
      steps: [
        { step: 1, count: 9 },
        { step: 2, count: 2 },
      ],
      alerts: { 'recall-due': 4, 'recall-overdue': 2, 'held-long': 2, expired: 1 },
    })
  })

  it('opens the list behind each count, in the order a manager acts on it', async () => {
    const { mission, market, nord } = await scriptLeads()
    const m = `missionId=${mission.id}`
    expect(names(await list(`${m}&marketId=${market.id}&bucket=status&value=NEW`))).toEqual([
      'Albert',
      'Bernard',
      'Klein',
    ])
    // Due: its time has come (none: at once), overdue ones included, oldest first.
    expect(names(await list(`${m}&bucket=recall-due`))).toEqual(['Fabre', 'Martin', 'Garnier', 'Étienne'])
    expect(names(await list(`${m}&bucket=recall-overdue`))).toEqual(['Martin', 'Garnier'])
    expect(names(await list(`${m}&marketId=${nord.id}&bucket=recall-overdue`))).toEqual(['Martin'])
    expect(names(await list(`${m}&bucket=step&value=2`))).toEqual(['Chevalier', 'Imbert'])
    expect(names(await list(`${m}&bucket=substatus&value=WAITING_FOR_FORCED_RDV`))).toEqual(['Imbert'])
    expect(names(await list(`${m}&bucket=forced-appointment`))).toEqual(['Imbert'])
    expect(names(await list(`${m}&bucket=expiring-soon`))).toEqual(['Bernard'])
    expect(names(await list(`${m}&bucket=expired`))).toEqual(['Klein'])
    const held = await list(`${m}&bucket=held-long`)
    expect(held.items.map((item) => [item.lastName, item.processingUser?.id, item.canUnassign])).toEqual([
      ['David', t.users.other.id, false],
      ['Chevalier', t.users.teleop.id, true],
    ])
    // An administrator may free anyone's lead.
    expect((await list(`${m}&bucket=held-long`, admin)).items.map((item) => item.canUnassign)).toEqual([
      true,
      true,
    ])
    const all = await list(m)
    expect(all.total).toBe(13)
    expect(all.items[0]).toMatchObject({
      lastName: 'Albert',
      market: { id: market.id, name: 'Marché' },
      status: 'NEW',
    })
    for (const query of ['bucket=status&value=DONE', 'bucket=step&value=x', 'bucket=nope'])
      expect(
        (await manager.request({ method: 'GET', url: `/api/activity/follow-up/leads?${m}&${query}` }))
          .statusCode,
      ).toBe(400)
  })

  it('pages a long list', async () => {
    const { mission, nord } = await scriptLeads()
    await insertLeads(t.database.db, nord.id, 26)
    const page1 = await list(`missionId=${mission.id}&marketId=${nord.id}&bucket=status&value=NEW`)
    expect(page1).toMatchObject({ total: 26, page: 1, pageSize: 25 })
    expect(page1.items).toHaveLength(25)
    const page2 = await list(`missionId=${mission.id}&marketId=${nord.id}&bucket=status&value=NEW&page=2`)
    expect(page2.items).toHaveLength(1)
  })

  it('frees a lead held too long from the list, with the unassign route', async () => {
    const { mission } = await scriptLeads()
    const res = await manager.request({
      method: 'POST',
      url: '/api/users/unassign-lead-from-user',
      payload: { userId: t.users.teleop.id },
    })
    expect(res.statusCode).toBe(200)
    expect(names(await list(`missionId=${mission.id}&bucket=held-long`))).toEqual(['David'])
    expect((await followUp()).markets[0]!.alerts['held-long']).toBe(1)
  })
})

describe('who follows which mission', () => {
  it('a manager their teams’ missions, an administrator all, a teleoperator none', async () => {
    const { mission, elsewhere } = await scriptLeads()
    expect((await followUp('', admin)).missions.map((m) => m.name)).toEqual([
      'Mission Soleil',
      'Mission Zèbre',
    ])
    expect((await followUp(`?missionId=${elsewhere.id}`, admin)).totals.total).toBe(1)
    for (const url of [
      `/api/activity/follow-up?missionId=${elsewhere.id}`,
      `/api/activity/follow-up/leads?missionId=${elsewhere.id}`,
    ]) {
      const res = await manager.request({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('Mission introuvable.')
    }
    for (const url of ['/api/activity/follow-up', `/api/activity/follow-up/leads?missionId=${mission.id}`])
      expect((await agent.request({ method: 'GET', url })).statusCode).toBe(403)
  })

  it('answers no mission when the reader follows none', async () => {
    const answer = await followUp()
    expect(answer).toMatchObject({ missions: [], mission: null, markets: [], totals: { total: 0 } })
  })
})
