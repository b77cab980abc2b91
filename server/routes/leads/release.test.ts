// Issue #11 "Release a lead": the holder hands a lead back with a reason, without an outcome; it goes
// back to the queue and its history says so. Access by role is in lead-access.test.ts.
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leads, users } from '../../db/schema.ts'

const t = signedInServer({
  users: { teleop: {}, colleague: {}, manager: { role: 'MANAGER' } },
  team: ['teleop', 'colleague', 'manager'],
})
const { teleop: me, colleague: other } = t.users
const { teleop: agent, colleague, manager } = t.agents
let lead: Awaited<ReturnType<typeof insertLead>>

beforeEach(async () => {
  const { db } = t.database
  const { market } = await insertMission(db, { userIds: [me.id, other.id], teamIds: [t.teamId] })
  lead = await insertLead(db, market.id, { processingUserId: me.id, processingSince: new Date() })
  await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, me.id))
})

const release = (who: Agent, payload: unknown, ref: string | number = lead.uuid) =>
  who.request({ method: 'POST', url: `/api/lead/${ref}/release`, payload: payload as object })

async function leadRow() {
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id))
  return row!
}

describe('POST /api/lead/{id}/release', () => {
  it('frees the lead, records the reason in its history and signals the change', async () => {
    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))
    const res = await release(agent, { reason: '  Le client demande un autre conseiller  ' })
    off()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })

    const row = await leadRow()
    expect(row.processingUserId).toBeNull()
    expect(row.processingSince).toBeNull()
    expect(row.status).toBe(lead.status)
    const [user] = await t.database.db.select().from(users).where(eq(users.id, me.id))
    expect(user!.processingLeadId).toBeNull()
    expect(seen).toContainEqual({
      channel: `user:${me.id}:lead:update`,
      data: { leadId: lead.id, uuid: lead.uuid, reason: 'release' },
    })

    const history = (await agent.request({ url: `/api/lead/${lead.id}/history` })).json()
    expect(history[0]).toMatchObject({
      kind: 'assignment',
      data: { action: 'released', reason: 'handed-back', comment: 'Le client demande un autre conseiller' },
      user: { id: me.id, firstName: me.firstName, lastName: me.lastName },
    })

    // Back in the queue: a colleague of the mission is handed it.
    const found = await colleague.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    expect(found.json()).toEqual({ redirect: `/lead/${lead.uuid}` })
  })

  it('accepts the numeric id too', async () => {
    expect((await release(agent, { reason: 'Doublon' }, lead.id)).statusCode).toBe(200)
  })

  it('requires a short reason, in French', async () => {
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000b' }]) {
      const res = await release(agent, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
    }
    expect((await release(agent, { reason: '' })).json().error.fields).toEqual({
      reason: 'Indiquez pourquoi vous rendez ce lead.',
    })
    expect((await release(agent, { reason: 'x'.repeat(501) })).json().error.fields).toEqual({
      reason: 'Le motif est trop long (500 caractères au plus).',
    })
    expect((await leadRow()).processingUserId).toBe(me.id)
  })

  it('is refused to anyone but the holder, a manager of the team included', async () => {
    for (const who of [colleague, manager]) {
      const res = await release(who, { reason: 'Pas pour moi' })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe('Seul l’utilisateur qui traite ce lead peut le rendre.')
    }
    expect((await leadRow()).processingUserId).toBe(me.id)
  })

  it('is refused once released: the lead is no longer held', async () => {
    expect((await release(agent, { reason: 'Doublon' })).statusCode).toBe(200)
    expect((await release(agent, { reason: 'Doublon' })).statusCode).toBe(403)
  })

  it('is refused while a call of the holder on the lead is ongoing or not tagged', async () => {
    const { db } = t.database
    const call = await insertCall(db, { userId: me.id, leadId: lead.id, status: 'answered' })
    const ongoing = await release(agent, { reason: 'Rappel impossible' })
    expect(ongoing.statusCode).toBe(409)
    expect(ongoing.json().error.message).toContain('avant de le rendre')
    // Ended, its outcome not recorded yet.
    await db.update(calls).set({ endedAt: new Date(), status: 'done' }).where(eq(calls.id, call.id))
    expect((await release(agent, { reason: 'Rappel impossible' })).statusCode).toBe(409)
    expect((await leadRow()).processingUserId).toBe(me.id)
  })
})
