// Issue #14 "Overview" (GET /api/activity/overview): what each agent of the reader's teams is doing now
// (on a call with its lead, on a lead sheet, idle since, signed out), today's figures, each mission's
// queue by the hand-out's own rule; who may read which team; and the live `activity` signal a manager's
// page refetches on, sent for the agents they read only.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import type { ActivityOverview, ActivityStats, AgentNow } from '../../../src/contracts/activity.ts'
import { channels } from '../../../src/contracts/live.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { insertTeam } from '../../../tests/factories/users.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { cookieOf, openLive, type LiveTestClient } from '../../../tests/setup/live-client.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { leads, users } from '../../db/schema.ts'

const t = signedInServer({
  users: {
    teleop: {},
    other: {},
    absent: { signIn: false },
    outsider: {},
    manager: { role: 'MANAGER' },
    admin: { role: 'ADMIN' },
  },
  team: ['teleop', 'other', 'absent', 'manager'],
})
const { manager, admin } = t.agents
const MINUTE = 60_000
const DAY = 86_400_000
/**
 * The overview's "now" in the tests about today's figures (Date only: timers stay real). The server
 * takes today from its clock and counts a call on the Paris day it started: from the real clock,
 * calls made "12 minutes ago" were yesterday's when the test ran in the first minutes of the day.
 */
const WEDNESDAY_MORNING = new Date('2026-11-25T10:00:00+01:00')
/** 00:05 in Paris, still 23:05 on the 24th in UTC. */
const JUST_AFTER_MIDNIGHT = new Date('2026-11-25T00:05:00+01:00')

async function overview(who: Agent, query = ''): Promise<ActivityOverview> {
  const res = await who.request({ method: 'GET', url: `/api/activity/overview${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ActivityOverview
}

const agentOf = (body: ActivityOverview, userId: number): AgentNow =>
  body.agents.find((a) => a.userId === userId)!

describe('GET /api/activity/overview', () => {
  afterEach(() => vi.useRealTimers())

  it('each agent’s state now and today’s figures', async () => {
    vi.useFakeTimers({ now: WEDNESDAY_MORNING, toFake: ['Date'] })
    const { db } = t.database
    const { teleop, other, absent, outsider, manager: managerUser } = t.users
    const { market } = await insertMission(db, { userIds: [teleop.id, other.id] })
    const now = Date.now()
    const calling = await insertLead(db, market.id, { firstName: 'Alice', lastName: 'Appel' })
    const call = await insertCall(db, {
      userId: teleop.id,
      leadId: calling.id,
      startedAt: new Date(now - 90_000),
      answeredAt: new Date(now - 80_000),
      status: 'answered',
    })
    const viewed = await insertLead(db, market.id, {
      firstName: 'Bruno',
      lastName: 'Fiche',
      processingUserId: other.id,
      processingSince: new Date(now - 5 * MINUTE),
    })
    await db
      .update(users)
      .set({ viewingLeadId: viewed.id, processingLeadId: viewed.id })
      .where(eq(users.id, other.id))
    const ended = new Date(now - 10 * MINUTE)
    await insertCall(db, {
      userId: managerUser.id,
      startedAt: new Date(now - 12 * MINUTE),
      answeredAt: new Date(now - 11 * MINUTE),
      endedAt: ended,
      status: 'done',
    })

    const body = await overview(manager)
    expect(body.day).toBe('2026-11-25')
    expect(body.teamId).toBeNull()
    expect(body.agents.map((a) => a.userId).sort()).toEqual(
      [teleop.id, other.id, absent.id, managerUser.id].sort(),
    )
    expect(agentOf(body, teleop.id)).toMatchObject({
      state: 'call',
      since: new Date(now - 80_000).toISOString(),
      call: {
        callId: call.id,
        direction: 'outbound',
        answeredAt: new Date(now - 80_000).toISOString(),
        lead: { id: calling.id, uuid: calling.uuid, name: 'Alice Appel' },
      },
      today: { callsMade: 1, answered: 1 },
    })
    expect(agentOf(body, other.id)).toMatchObject({
      state: 'sheet',
      since: new Date(now - 5 * MINUTE).toISOString(),
      lead: { id: viewed.id, name: 'Bruno Fiche' },
      call: null,
    })
    // Signed in when the test began, after the call ended: idle since the later of the two.
    const idle = agentOf(body, managerUser.id)
    expect(idle.state).toBe('idle')
    expect(new Date(idle.since!).getTime()).toBeGreaterThanOrEqual(ended.getTime())
    expect(agentOf(body, absent.id)).toMatchObject({ state: 'signedOut', since: null, lead: null })
    expect(body.today).toMatchObject({ callsMade: 2, answered: 2, talkSeconds: 60 })
    expect(body.agents.map((a) => a.userId)).not.toContain(outsider.id)
  })

  it('just after midnight, today’s figures start again: a call counts on the Paris day it started', async () => {
    vi.useFakeTimers({ now: JUST_AFTER_MIDNIGHT, toFake: ['Date'] })
    const { db } = t.database
    const { teleop, manager: managerUser } = t.users
    const at = (minutesAgo: number) => new Date(JUST_AFTER_MIDNIGHT.getTime() - minutesAgo * MINUTE)
    // 23:50–23:57 on the 24th; 23:59 to 00:01, across midnight; 00:02, still on the line.
    await insertCall(db, {
      userId: teleop.id,
      startedAt: at(15),
      answeredAt: at(14),
      endedAt: at(8),
      status: 'done',
    })
    await insertCall(db, {
      userId: managerUser.id,
      startedAt: at(6),
      answeredAt: at(5),
      endedAt: at(4),
      status: 'done',
    })
    const current = await insertCall(db, {
      userId: teleop.id,
      startedAt: at(3),
      answeredAt: at(2),
      status: 'answered',
    })

    const body = await overview(manager)
    expect(body.day).toBe('2026-11-25')
    expect(agentOf(body, teleop.id)).toMatchObject({
      state: 'call',
      call: { callId: current.id },
      today: { callsMade: 1, answered: 1, talkSeconds: 0 },
    })
    expect(agentOf(body, managerUser.id).today).toMatchObject({ callsMade: 0, answered: 0, talkSeconds: 0 })
    expect(body.today).toMatchObject({ callsMade: 1, answered: 1, talkSeconds: 0 })
    // The calls begun before midnight are yesterday's figures.
    const res = await manager.request({ method: 'GET', url: '/api/activity/stats?period=yesterday' })
    expect(res.statusCode, res.body).toBe(200)
    const yesterday = res.json() as ActivityStats
    expect(yesterday.period).toMatchObject({ from: '2026-11-24', to: '2026-11-24' })
    const figures = (userId: number) => yesterday.rows.find((row) => row.userId === userId)?.current
    expect(figures(teleop.id)).toMatchObject({ callsMade: 1, answered: 1, talkSeconds: 360 })
    expect(figures(managerUser.id)).toMatchObject({ callsMade: 1, answered: 1, talkSeconds: 60 })
  })

  it('an agent on a lead sheet is on it since they opened it (the sheet-viewed event)', async () => {
    const { teleop } = t.users
    const { market } = await insertMission(t.database.db, { userIds: [teleop.id] })
    const lead = await insertLead(t.database.db, market.id, { firstName: 'Chloé', lastName: 'Ouverte' })
    const before = Date.now()
    const viewed = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/users/view-lead-page',
      payload: { leadId: lead.id },
    })
    expect(viewed.statusCode).toBe(200)
    const after = Date.now()

    const row = agentOf(await overview(manager), teleop.id)
    expect(row).toMatchObject({ state: 'sheet', lead: { id: lead.id, name: 'Chloé Ouverte' } })
    // Not held: before migration 0022 this state had no time at all.
    const since = new Date(row.since!).getTime()
    expect(since).toBeGreaterThanOrEqual(before - 1_000)
    expect(since).toBeLessThanOrEqual(after + 1_000)
  })

  it('each mission’s queue: to hand out, recalls due and overdue, expiring within 7 days', async () => {
    const { db } = t.database
    const { teleop, other, outsider } = t.users
    const { mission, market } = await insertMission(db, { name: 'Mission A', userIds: [teleop.id] })
    const theirs = await insertMission(db, { name: 'Mission Z', userIds: [outsider.id] })
    await insertLead(db, theirs.market.id)
    const now = Date.now()
    const lead = (fixture: Partial<typeof leads.$inferInsert>) => insertLead(db, market.id, fixture)
    await lead({}) // new and free: handed out
    await lead({ processingUserId: other.id }) // held
    await lead({ status: 'RECALL', recallAt: new Date(now - 2 * DAY) }) // due since an earlier day
    await lead({ status: 'RECALL', recallAt: new Date(now + 60 * MINUTE) }) // not yet due
    await lead({ status: 'UNREACHABLE', recallAt: null }) // no date: due at once
    await lead({ meetRequestDate: new Date(now - 55 * DAY) }) // expires in 5 days
    await lead({ meetRequestDate: new Date(now - 61 * DAY) }) // expired
    await lead({ status: 'IN_PROGRESS', substatus: 'WAITING_FOR_FORCED_RDV' })
    await lead({ noContactUntil: new Date(now + DAY) }) // quiet period
    await lead({ status: 'APPOINTMENT' })

    const body = await overview(manager)
    expect(body.missions).toEqual([
      {
        id: mission.id,
        name: 'Mission A',
        color: mission.color,
        toHandOut: 4,
        recallsDue: 2,
        recallsOverdue: 1,
        expiringSoon: 1,
      },
    ])
    const all = await overview(admin)
    expect(all.missions.map((m) => [m.name, m.toHandOut])).toEqual([
      ['Mission A', 4],
      ['Mission Z', 1],
    ])
  })

  it('a teleoperator is refused; a manager reads the teams they manage only', async () => {
    const { outsider, teleop } = t.users
    const outsiders = await insertTeam(t.database.db, 'Autre équipe', [outsider.id])
    const status = async (who: Agent, query = '') =>
      (await who.request({ method: 'GET', url: `/api/activity/overview${query}` })).statusCode
    expect(await status(t.agents.teleop)).toBe(403)
    expect(await status(manager, `?teamId=${outsiders.id}`)).toBe(403)
    expect(await status(admin, '?teamId=999999')).toBe(404)
    const mine = await overview(manager)
    const ours = mine.teams[0]!
    expect(mine.teams).toEqual([{ id: ours.id, name: 'Équipe' }])
    expect((await overview(manager, `?teamId=${ours.id}`)).agents.map((a) => a.userId)).toContain(teleop.id)
    const theirs = await overview(admin, `?teamId=${outsiders.id}`)
    expect(theirs).toMatchObject({ teamId: outsiders.id })
    expect(theirs.agents.map((a) => a.userId)).toEqual([outsider.id])
    expect((await overview(admin)).teams.map((team) => team.name)).toEqual(['Autre équipe', 'Équipe'])
  })
})

describe('the live activity signal', () => {
  const opened: LiveTestClient[] = []
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterEach(() => {
    for (const client of opened.splice(0)) client.socket.terminate()
  })

  async function follow(agent: Agent, channel: string) {
    const client = await openLive(t.app, { cookie: cookieOf(agent) })
    opened.push(client)
    expect((await client.next()).event).toBe('connected')
    client.send({ type: 'subscribe', channel })
    return { client, answer: await client.sync() }
  }

  it('goes to managers and administrators, on their own channel only', async () => {
    const { teleop, manager: managerUser } = t.users
    const [refused] = (await follow(t.agents.teleop, channels.activity(teleop.id))).answer
    expect(refused).toMatchObject({ event: 'error', data: { channel: channels.activity(teleop.id) } })
    const [foreign] = (await follow(manager, channels.activity(t.users.admin.id))).answer
    expect(foreign).toMatchObject({ event: 'error' })
    expect((await follow(manager, channels.activity(managerUser.id))).answer).toEqual([])
  })

  it('tells a manager what their agents do, once per burst, never about others', async () => {
    const { teleop, outsider, manager: managerUser } = t.users
    const channel = channels.activity(managerUser.id)
    const { client } = await follow(manager, channel)
    const { client: adminClient } = await follow(admin, channels.activity(t.users.admin.id))

    // A call's start, as the telephony publishes it to the agent: one signal.
    await Promise.all([
      t.app.live.publish(channels.ongoingCallUpdate(teleop.id), { callId: 7, status: 'ringing' }),
      t.app.live.publish(channels.leadUpdate(teleop.id), { leadId: 3 }),
      t.app.live.publish(channels.experience(teleop.id), { experiencePoints: 5, gained: 5 }),
    ])
    expect(await client.next()).toEqual({ event: channel, data: { userId: teleop.id, cause: 'call' } })
    // Someone outside the manager's teams: nothing for the manager, the administrator hears it.
    await t.app.live.publish(channels.ongoingCallUpdate(outsider.id), { callId: 8, status: 'ringing' })
    expect(await client.sync()).toEqual([])
    const heard = [...(await adminClient.sync())].map((m) => m.data)
    expect(heard).toContainEqual({ userId: outsider.id, cause: 'call' })

    // Opening a lead sheet through the real route: the agent's row changed.
    const { market } = await insertMission(t.database.db, { userIds: [teleop.id] })
    const lead = await insertLead(t.database.db, market.id)
    const viewed = await t.agents.teleop.request({
      method: 'POST',
      url: '/api/users/view-lead-page',
      payload: { leadId: lead.id },
    })
    expect(viewed.statusCode).toBe(200)
    const after = (await client.sync()).map((m) => m.data)
    expect(after).toContainEqual({ userId: teleop.id, cause: 'user' })
  })
})
