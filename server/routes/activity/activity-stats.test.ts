// Issue #14 "Teleoperator statistics" (GET /api/activity/stats): a scripted day of calls, outcomes and
// a booking, written to the raw tables so the triggers of migration 0020 fill daily_activity, gives
// exactly the figures computed by hand; the previous period, the Paris days across the DST change,
// today's part written by the real tagging route, the validation, and who may read whom.
import { describe, expect, it } from 'vitest'
import { deriveFigures } from '../../../src/contracts/activity-periods.ts'
import type { ActivityStats, AgentStats } from '../../../src/contracts/activity.ts'
import {
  insertCall,
  insertHeldLeadWithEndedCall,
  insertLead,
  insertMission,
} from '../../../tests/factories/leads.ts'
import { insertTeam } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { leadTags, xpLedger } from '../../db/schema.ts'
import type { Db } from '../../db/client.ts'
import { parisDay, shiftDay } from '../../../src/contracts/paris-calendar.ts'

const t = signedInServer({
  users: {
    teleop: {},
    other: {},
    outsider: {},
    manager: { role: 'MANAGER' },
    admin: { role: 'ADMIN' },
  },
  team: ['teleop', 'other', 'manager'],
})
const { teleop: agent, manager, admin } = t.agents

/** A Paris wall-clock time of March 2026 (UTC+1 before the 29th at 02:00, UTC+2 after). */
function paris(day: string, time: string): Date {
  const offset = day >= '2026-03-29' && !(day === '2026-03-29' && time < '02:00') ? '+02:00' : '+01:00'
  return new Date(`${day}T${time}${offset}`)
}

async function stats(who: Agent, query: string): Promise<ActivityStats> {
  const res = await who.request({ method: 'GET', url: `/api/activity/stats?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ActivityStats
}

const rowOf = (body: ActivityStats, userId: number): AgentStats => {
  const row = body.rows.find((r) => r.userId === userId)
  if (!row) throw new Error(`no row for ${userId}`)
  return row
}

async function tagAt(
  db: Db,
  userId: number,
  leadId: number,
  outcome: { id: number },
  at: Date,
  points: number,
) {
  const [tag] = await db
    .insert(leadTags)
    .values({ leadId, userId, callProcessTagId: outcome.id, step: 1, status: 'IN_PROGRESS', createdAt: at })
    .returning()
  await db.insert(xpLedger).values({ userId, sourceKind: 'tag', sourceId: tag!.id, points, createdAt: at })
}

/**
 * Tuesday 10 March 2026 for the teleoperator, in Paris time: four calls of their own (09:00 answered
 * 3 min, 09:30 missed, 14:15 inbound answered 5 min, 23:30 answered 1 min), three outcomes on two
 * leads, one booking; a call the evening before (the previous day); a colleague's and an outsider's.
 */
async function scriptedDay(db: Db) {
  const { teleop, other, outsider } = t.users
  const { market, tags } = await insertMission(db, { userIds: [teleop.id, other.id] })
  const outcome = (label: string) => tags.find((tag) => tag.label === label)!
  const leadA = await insertLead(db, market.id)
  const leadB = await insertLead(db, market.id)
  const day = '2026-03-10'
  const call = (userId: number, start: string, answered: string | null, end: string, more = {}) =>
    insertCall(db, {
      userId,
      startedAt: paris(day, start),
      answeredAt: answered ? paris(day, answered) : null,
      endedAt: paris(day, end),
      status: 'done',
      ...more,
    })
  await call(teleop.id, '09:00:00', '09:00:10', '09:03:10', { leadId: leadA.id })
  await call(teleop.id, '09:30:00', null, '09:30:40', { leadId: leadB.id })
  await call(teleop.id, '14:15:00', '14:15:05', '14:20:05', { direction: 'inbound', leadId: leadA.id })
  await call(teleop.id, '23:30:00', '23:30:30', '23:31:30')
  await insertCall(db, {
    userId: teleop.id,
    startedAt: paris('2026-03-09', '23:50:00'),
    answeredAt: paris('2026-03-09', '23:50:20'),
    endedAt: paris('2026-03-09', '23:52:20'),
  })
  await call(other.id, '11:00:00', '11:00:05', '11:01:05')
  await call(outsider.id, '11:00:00', '11:00:05', '11:01:05')
  await tagAt(db, teleop.id, leadA.id, outcome('Rappeler'), paris(day, '09:04:00'), 5)
  await tagAt(db, teleop.id, leadB.id, outcome('Suite'), paris(day, '09:31:00'), 10)
  await tagAt(db, teleop.id, leadA.id, outcome('RDV pris'), paris(day, '14:21:00'), 50)
  await db.insert(xpLedger).values({
    userId: teleop.id,
    sourceKind: 'appointment',
    sourceId: 1,
    points: 20,
    createdAt: paris(day, '14:25:00'),
  })
  return { outcome }
}

describe('GET /api/activity/stats', () => {
  it('the statistics of a scripted day equal the figures computed by hand', async () => {
    const { outcome } = await scriptedDay(t.database.db)
    const { teleop, other, manager: managerUser } = t.users
    const body = await stats(manager, 'period=custom&from=2026-03-10&to=2026-03-10')
    expect(body.period).toEqual({ preset: 'custom', from: '2026-03-10', to: '2026-03-10' })
    expect(body.previous).toEqual({ from: '2026-03-09', to: '2026-03-09' })
    // The manager's team: the two agents and the manager; never the outsider.
    expect(body.rows.map((row) => row.userId).sort()).toEqual([teleop.id, other.id, managerUser.id].sort())
    const tagKey = (label: string) => String(outcome(label).tagId)
    const mine = rowOf(body, teleop.id)
    // By hand: 3 made (09:00, 09:30, 23:30), 1 received (14:15), 3 answered, 180 + 300 + 60 s of talk,
    // 3 outcomes on 2 leads, 1 booking, 5 + 10 + 50 + 20 points.
    expect(mine.current).toEqual({
      callsMade: 3,
      callsReceived: 1,
      answered: 3,
      talkSeconds: 540,
      tags: 3,
      appointments: 1,
      leadsProcessed: 2,
      xp: 85,
      tagsByOutcome: { [tagKey('Rappeler')]: 1, [tagKey('Suite')]: 1, [tagKey('RDV pris')]: 1 },
    })
    expect(deriveFigures(mine.current)).toEqual({
      calls: 4,
      answeredRate: 0.75,
      averageTalkSeconds: 180,
      conversion: 0.5,
    })
    // The evening before is the previous day's: one answered call of 2 min.
    expect(mine.previous).toMatchObject({ callsMade: 1, answered: 1, talkSeconds: 120, tags: 0 })
    expect(rowOf(body, other.id).current).toMatchObject({ callsMade: 1, answered: 1, talkSeconds: 60 })
    expect(rowOf(body, managerUser.id).current).toMatchObject({ callsMade: 0, tags: 0 })
    expect(body.totals.current).toMatchObject({
      callsMade: 4,
      callsReceived: 1,
      answered: 4,
      talkSeconds: 600,
    })
    expect(body.totals.previous).toMatchObject({ callsMade: 1 })
    expect(body.tags.map((tag) => tag.label)).toEqual(['Rappeler', 'RDV pris', 'Suite'])
    // One day: by Paris hour, from the calls.
    const hours = Object.fromEntries(
      body.perHour!.filter((h) => h.callsMade + h.callsReceived > 0).map((h) => [h.hour, h]),
    )
    expect(hours).toEqual({
      9: { hour: 9, callsMade: 2, callsReceived: 0, answered: 1 },
      11: { hour: 11, callsMade: 1, callsReceived: 0, answered: 1 },
      14: { hour: 14, callsMade: 0, callsReceived: 1, answered: 1 },
      23: { hour: 23, callsMade: 1, callsReceived: 0, answered: 1 },
    })
    expect(body.perDay).toEqual([
      { day: '2026-03-10', callsMade: 4, callsReceived: 1, answered: 4, appointments: 1 },
    ])

    // One agent: the figures of that agent only, the agents to choose from still all there.
    const one = await stats(manager, `period=custom&from=2026-03-10&to=2026-03-10&userId=${teleop.id}`)
    expect(one.rows.map((row) => row.userId)).toEqual([teleop.id])
    expect(one.agents).toHaveLength(3)
    expect(one.totals.current.callsMade).toBe(3)
    expect(one.perHour!.find((h) => h.hour === 11)!.callsMade).toBe(0)
  })

  it('days are Paris days across the DST change; the week before is the previous period', async () => {
    const { db } = t.database
    const { teleop } = t.users
    const at = async (iso: string) => insertCall(db, { userId: teleop.id, startedAt: new Date(iso) })
    await at('2026-03-22T22:30:00Z') // Sunday 22 at 23:30 Paris (UTC+1): the week before
    await at('2026-03-22T23:10:00Z') // Monday 23 at 00:10 Paris: this week
    await at('2026-03-29T00:30:00Z') // Sunday 29 at 01:30 Paris, before the change
    await at('2026-03-29T01:30:00Z') // 03:30 Paris, after it (02:00–03:00 does not exist)
    await at('2026-03-29T21:30:00Z') // 23:30 Paris (UTC+2)
    await at('2026-03-29T22:30:00Z') // Monday 30 at 00:30 Paris: outside
    const week = await stats(admin, `period=custom&from=2026-03-23&to=2026-03-29&userId=${teleop.id}`)
    expect(week.previous).toEqual({ from: '2026-03-16', to: '2026-03-22' })
    expect(week.totals.current.callsMade).toBe(4)
    expect(week.totals.previous.callsMade).toBe(1)
    expect(week.perHour).toBeNull()
    expect(week.perDay.map((d) => [d.day, d.callsMade])).toEqual([
      ['2026-03-23', 1],
      ['2026-03-24', 0],
      ['2026-03-25', 0],
      ['2026-03-26', 0],
      ['2026-03-27', 0],
      ['2026-03-28', 0],
      ['2026-03-29', 3],
    ])
    const sunday = await stats(admin, `period=custom&from=2026-03-29&to=2026-03-29&userId=${teleop.id}`)
    const made = sunday.perHour!.map((h) => h.callsMade)
    expect(made[1]).toBe(1)
    expect(made[2]).toBe(0)
    expect(made[3]).toBe(1)
    expect(made[23]).toBe(1)
    expect(made.reduce((a, b) => a + b, 0)).toBe(3)
  })

  it('today, written by the real tagging route, compared with yesterday', async () => {
    const { db } = t.database
    const { teleop } = t.users
    const { lead, call, tag } = await insertHeldLeadWithEndedCall(db, teleop.id)
    const tagged = await agent.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId: lead.id, callId: call.id, callProcessTagId: tag('Suite').id },
    })
    expect(tagged.statusCode).toBe(200)
    const yesterday = shiftDay(parisDay(new Date()), -1)
    await insertCall(db, { userId: teleop.id, startedAt: new Date(`${yesterday}T12:00:00Z`) })
    await insertCall(db, { userId: teleop.id, startedAt: new Date(`${yesterday}T12:30:00Z`) })
    const body = await stats(manager, 'period=today')
    expect(body.period).toMatchObject({ preset: 'today', from: parisDay(new Date()) })
    expect(body.previous).toEqual({ from: yesterday, to: yesterday })
    expect(rowOf(body, teleop.id).current).toMatchObject({
      callsMade: 1,
      tags: 1,
      leadsProcessed: 1,
      // Issue #29: "Suite" is a progress mark, not the call's outcome: it earns nothing.
      xp: 0,
      tagsByOutcome: { [String(tag('Suite').tagId)]: 1 },
    })
    expect(rowOf(body, teleop.id).previous).toMatchObject({ callsMade: 2, tags: 0 })
    expect(body.tags).toEqual([expect.objectContaining({ label: 'Suite' })])
    const week = await stats(manager, 'period=this-week')
    expect(week.period.to).toBe(parisDay(new Date()))
    expect(rowOf(week, teleop.id).current.tags).toBe(1)
  })

  it('refuses a period that ends before it starts, longer than 366 days, or without its days', async () => {
    const fields = async (query: string) => {
      const res = await manager.request({ method: 'GET', url: `/api/activity/stats?${query}` })
      expect(res.statusCode).toBe(400)
      return res.json().error.fields as Record<string, string>
    }
    expect(await fields('period=custom&from=2026-03-10&to=2026-03-09')).toEqual({
      to: 'Le dernier jour doit suivre le premier (ou être le même).',
    })
    expect(await fields('period=custom&from=2025-01-01&to=2026-01-02')).toEqual({
      to: 'La période ne peut pas dépasser 366 jours.',
    })
    expect(await fields('period=custom&to=2026-01-02')).toEqual({
      from: 'Indiquez le premier jour de la période.',
    })
    expect(Object.keys(await fields('period=custom&from=2026-02-30&to=2026-03-02'))).toEqual(['from'])
    expect(Object.keys(await fields('period=forever'))).toEqual(['period'])
    // A leap year is 366 days: accepted.
    expect((await stats(manager, 'period=custom&from=2024-01-01&to=2024-12-31')).perDay).toHaveLength(366)
  })

  it('a teleoperator is refused; a manager reads the teams they manage, an administrator everyone', async () => {
    const { teleop, outsider } = t.users
    const outsiders = await insertTeam(t.database.db, 'Autre équipe', [outsider.id])
    const status = async (who: Agent, query: string) =>
      (await who.request({ method: 'GET', url: `/api/activity/stats?${query}` })).statusCode
    expect(await status(agent, 'period=today')).toBe(403)
    expect(await status(manager, `period=today&teamId=${outsiders.id}`)).toBe(403)
    // Issue #26: an agent one may not read is a user that does not exist.
    expect(await status(manager, `period=today&userId=${outsider.id}`)).toBe(404)
    expect(await status(admin, 'period=today&teamId=999999')).toBe(404)
    const refused = await manager.request({ method: 'GET', url: `/api/activity/stats?userId=${outsider.id}` })
    expect(refused.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Utilisateur introuvable.' } })
    const mine = await stats(manager, 'period=today')
    expect(mine.teams.map((team) => team.name)).toEqual(['Équipe'])
    expect(mine.agents.map((a) => a.id)).not.toContain(outsider.id)
    const all = await stats(admin, 'period=today')
    expect(all.teams.map((team) => team.name)).toEqual(['Autre équipe', 'Équipe'])
    expect(all.rows.map((row) => row.userId)).toEqual(expect.arrayContaining([teleop.id, outsider.id]))
    const theirs = await stats(admin, `period=today&teamId=${outsiders.id}`)
    expect(theirs.rows.map((row) => row.userId)).toEqual([outsider.id])
  })
})
