// Issue #29 point 1: a lead an agent hands back (« Rendre le lead ») is not handed to that agent again
// during the configured cool-down while another lead can be; the other agents may take it at once.
// Time passes on the database's clock: the hand-back's instant is moved back, never slept on.
// @both-databases: the hand-out is one statement whose cool-down is read in SQL on PostgreSQL too.
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { leadReleases, users } from '../../db/schema.ts'
import { handBackMessages } from '../../domain/leads/hand-back.ts'

const t = signedInServer({ users: { teleop: {}, colleague: {}, admin: { role: 'ADMIN' } } })
const { teleop: me, colleague: other } = t.users
const { teleop: agent, colleague, admin } = t.agents
const DAY_MS = 86_400_000

let marketId: number
let released: Awaited<ReturnType<typeof insertLead>>

/** The oldest lead of the mission, held by the agent (the hand-out would give it first). */
beforeEach(async () => {
  const { db } = t.database
  const { market } = await insertMission(db, { userIds: [me.id, other.id] })
  marketId = market.id
  released = await insertLead(db, market.id, {
    meetRequestDate: new Date(Date.now() - 20 * DAY_MS),
    processingUserId: me.id,
    processingSince: new Date(),
  })
  await db.update(users).set({ processingLeadId: released.id }).where(eq(users.id, me.id))
})

const find = (who: Agent) => who.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })

async function handBack() {
  const res = await agent.request({
    method: 'POST',
    url: `/api/lead/${released.uuid}/release`,
    payload: { reason: 'Le client rappellera lui-même' },
  })
  expect(res.statusCode).toBe(200)
}

/** The cool-down as the administrator sets it (the configuration screen's PUT). */
async function setCooldown(hours: number) {
  const entry = (await admin.request({ url: '/api/configuration' }))
    .json()
    .items.find((item: { key: string }) => item.key === 'releaseCooldownHours')
  const res = await admin.request({
    method: 'PUT',
    url: '/api/configuration/releaseCooldownHours',
    payload: { value: hours, version: entry.version },
  })
  expect(res.statusCode).toBe(200)
}

describe('a lead handed back (issue #29)', () => {
  it('is not handed back to its agent while another lead can be: they get the other one', async () => {
    const next = await insertLead(t.database.db, marketId, { meetRequestDate: new Date(Date.now() - DAY_MS) })
    await handBack()
    const res = await find(agent)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ redirect: `/lead/${next.uuid}` })
  })

  it('with nothing else to hand out, the agent is told so in French; another agent gets it at once', async () => {
    await handBack()
    const mine = await find(agent)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toEqual({ message: handBackMessages.onlyHandedBack(24) })
    expect(mine.json().message).toContain('Aucun autre lead à traiter pour le moment.')
    const theirs = await find(colleague)
    expect(theirs.json()).toEqual({ redirect: `/lead/${released.uuid}` })
    // Taken by the colleague: the agent's answer is the plain one again.
    expect((await find(agent)).json()).toEqual({ message: 'Aucun lead à traiter pour le moment.' })
  })

  it('comes back to its agent once the configured cool-down has passed', async () => {
    const { db } = t.database
    await handBack()
    // 25 hours later on the database's clock: past the default 24 h.
    const moveBack = (hours: number) =>
      db
        .update(leadReleases)
        .set({ releasedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(leadReleases.userId, me.id))
    await moveBack(25)
    // The administrator lengthens the cool-down to 48 h: 25 hours are no longer enough.
    await setCooldown(48)
    expect((await find(agent)).json()).toEqual({ message: handBackMessages.onlyHandedBack(48) })
    await moveBack(49)
    expect((await find(agent)).json()).toEqual({ redirect: `/lead/${released.uuid}` })
    await setCooldown(24)
  })

  it('a cool-down of 0 hands it back at once', async () => {
    await setCooldown(0)
    await handBack()
    expect((await find(agent)).json()).toEqual({ redirect: `/lead/${released.uuid}` })
    await setCooldown(24)
  })
})
