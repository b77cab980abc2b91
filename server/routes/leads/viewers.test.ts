import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { sessions, users } from '../../db/schema.ts'

const t = signedInServer({
  users: { teleop: {}, manager: { role: 'MANAGER' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'manager'],
})
const { teleop: me, manager: boss } = t.users
const { teleop: agent, manager } = t.agents
let lead: Awaited<ReturnType<typeof insertLead>>

beforeEach(async () => {
  const { db } = t.database
  const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
  lead = await insertLead(db, market.id)
})

const view = (who: Agent, leadId: number) =>
  who.request({ method: 'POST', url: '/api/users/view-lead-page', payload: { leadId } })
const quit = (who: Agent, payload?: { leadId: number }) =>
  who.request({ method: 'POST', url: '/api/users/quit-lead-page', ...(payload ? { payload } : {}) })
const viewersOf = async (who: Agent, leadId: number) =>
  (await who.request({ url: `/api/lead/${leadId}` })).json().viewers as { id: number }[]
const ref = (user: typeof me) => ({ id: user.id, firstName: user.firstName, lastName: user.lastName })

describe('who else is viewing a lead sheet', () => {
  it('lists the users with the sheet open, the reader included, and publishes each change', async () => {
    expect(await viewersOf(agent, lead.id)).toEqual([])
    await view(agent, lead.id)
    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))
    await view(manager, lead.id)
    off()
    expect(await viewersOf(agent, lead.id)).toEqual(
      [ref(me), ref(boss)].toSorted((a, b) => a.lastName.localeCompare(b.lastName)),
    )
    expect(seen).toContainEqual({
      channel: `user:${me.id}:lead:update`,
      data: { leadId: lead.id, uuid: lead.uuid, reason: 'viewers' },
    })
    await quit(manager)
    expect(await viewersOf(agent, lead.id)).toEqual([ref(me)])
  })

  it('counts only users whose session is still alive', async () => {
    const { db } = t.database
    await view(agent, lead.id)
    await view(manager, lead.id)
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60 * 60_000) })
      .where(eq(sessions.userId, me.id))
    expect(await viewersOf(manager, lead.id)).toEqual([ref(boss)])
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, boss.id))
    await insertUser(db, { email: 'admin@test.fr', role: 'ADMIN' })
    const a = createAgent(t.app)
    await a.login('admin@test.fr')
    expect(await viewersOf(a, lead.id)).toEqual([])
  })

  it('a quit naming another lead than the one viewed changes nothing (a late quit of a sheet left)', async () => {
    const other = await insertLead(t.database.db, lead.marketId)
    await view(agent, other.id)
    await view(agent, lead.id)
    expect((await quit(agent, { leadId: other.id })).statusCode).toBe(200)
    expect(await viewersOf(agent, lead.id)).toEqual([ref(me)])
    await quit(agent, { leadId: lead.id })
    expect(await viewersOf(agent, lead.id)).toEqual([])
  })

  it('signing out clears the sheet viewed and tells its viewers, unless another session lives on', async () => {
    const secondBrowser = createAgent(t.app)
    await secondBrowser.login('teleop@test.fr')
    await view(agent, lead.id)
    await view(manager, lead.id)
    await agent.request({ method: 'POST', url: '/api/logout' })
    expect((await viewersOf(manager, lead.id)).map((u) => u.id)).toContain(me.id)

    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))
    await secondBrowser.request({ method: 'POST', url: '/api/logout' })
    off()
    expect(await viewersOf(manager, lead.id)).toEqual([ref(boss)])
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id))
    expect(row!.viewingLeadId).toBeNull()
    expect(seen).toContainEqual({
      channel: `user:${boss.id}:lead:update`,
      data: { leadId: lead.id, uuid: lead.uuid, reason: 'viewers' },
    })
  })
})
