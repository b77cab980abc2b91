import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { leadEvents, leads } from '../../db/schema.ts'

const t = signedInServer({
  users: { teleop: {}, manager: { role: 'MANAGER' }, admin: { role: 'ADMIN' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'manager'],
})
const { teleop: me } = t.users
const { teleop: agent, manager, admin } = t.agents

async function heldLead(fixture: Parameters<typeof insertLead>[2] = {}) {
  const { market } = await insertMission(t.database.db, { userIds: [me.id], teamIds: [t.teamId] })
  return insertLead(t.database.db, market.id, { processingUserId: me.id, ...fixture })
}

function put(who: Agent, ref: string | number, payload: Record<string, unknown>) {
  return who.request({ method: 'PUT', url: `/api/lead/${ref}`, payload })
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id))
  return row!
}

describe('PUT /api/lead/{id}', () => {
  it('normalises phones, trims and records what changed; answers the sheet', async () => {
    const lead = await heldLead({ email: 'old@mail.fr', city: 'Lyon' })
    const res = await put(agent, lead.uuid, {
      firstName: '  Jeanne-Marie ',
      phone: '07.11.22.33.44',
      secondaryPhone: '+33 (0)1 23 45 67 89',
      email: ' Jeanne.Durand@Mail.FR ',
      postalCode: '69002',
      city: '',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      id: lead.id,
      firstName: 'Jeanne-Marie',
      phone: '+33711223344',
      secondaryPhone: '+33123456789',
      email: 'jeanne.durand@mail.fr',
      postalCode: '69002',
      city: null,
      market: { id: lead.marketId },
    })
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(lead.updatedAt.getTime())
    const events = await t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ kind: 'update', userId: me.id })
    expect(events[0]!.data).toEqual({
      changes: {
        firstName: { before: 'Jeanne', after: 'Jeanne-Marie' },
        phone: { before: lead.phone, after: '+33711223344' },
        secondaryPhone: { before: null, after: '+33123456789' },
        email: { before: 'old@mail.fr', after: 'jeanne.durand@mail.fr' },
        postalCode: { before: null, after: '69002' },
        city: { before: 'Lyon', after: null },
      },
    })
  })

  it('takes the numeric id, ignores status and step, and records nothing when nothing changed', async () => {
    const lead = await heldLead()
    const sheet = (await agent.request({ url: `/api/lead/${lead.id}` })).json()
    const res = await put(agent, lead.id, { ...sheet, status: 'APPOINTMENT', step: 2 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'NEW', step: 1, updatedAt: sheet.updatedAt })
    expect(await t.database.db.select().from(leadEvents)).toHaveLength(0)
  })

  it('refuses bad input with French field messages and changes nothing', async () => {
    const lead = await heldLead()
    const res = await put(agent, lead.id, {
      firstName: '  ',
      phone: '12 34',
      secondaryPhone: 'abc',
      email: 'pas-un-mail',
      postalCode: '6900',
      city: 'x'.repeat(101),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      firstName: 'Ce champ est obligatoire.',
      phone: expect.stringContaining('Numéro de téléphone invalide'),
      secondaryPhone: expect.stringContaining('Numéro de téléphone invalide'),
      email: 'Adresse e-mail invalide.',
      postalCode: 'Code postal invalide (5 chiffres).',
      city: '100 caractères au plus.',
    })
    expect(await stored(lead.id)).toEqual(lead)
    expect((await put(agent, lead.id, { phone: null })).statusCode).toBe(400)
    expect((await put(agent, lead.id, { lastName: null })).statusCode).toBe(400)
    expect((await put(agent, 'pas-un-lead', { city: 'Lyon' })).statusCode).toBe(400)
    expect((await put(agent, 999999, { city: 'Lyon' })).statusCode).toBe(404)
    expect(await t.database.db.select().from(leadEvents)).toHaveLength(0)
  })

  it('lets the processing user, managers and administrators edit; other teleoperators get 403 (404 outside their missions)', async () => {
    const { market } = await insertMission(t.database.db, { userIds: [me.id], teamIds: [t.teamId] })
    const free = await insertLead(t.database.db, market.id)
    expect((await put(agent, free.id, { city: 'Lyon' })).statusCode).toBe(403)
    const { market: other } = await insertMission(t.database.db)
    const foreign = await insertLead(t.database.db, other.id)
    expect((await put(agent, foreign.id, { city: 'Lyon' })).statusCode).toBe(404)
    // The lead one holds stays one's own outside one's missions, until tagged (docs/domain.md "Assignments").
    const held = await insertLead(t.database.db, other.id, { processingUserId: me.id })
    expect((await put(agent, held.id, { city: 'Brest' })).json().city).toBe('Brest')
    expect((await put(manager, free.id, { city: 'Lyon' })).json().city).toBe('Lyon')
    expect((await put(admin, foreign.id, { city: 'Nantes' })).json().city).toBe('Nantes')
    expect((await stored(free.id)).city).toBe('Lyon')
  })

  it('answers 409 when the lead changed since the caller read it (two tabs)', async () => {
    const lead = await heldLead()
    const { updatedAt } = (await agent.request({ url: `/api/lead/${lead.uuid}` })).json()
    const first = await put(agent, lead.id, { city: 'Lyon', updatedAt })
    expect(first.statusCode).toBe(200)
    const second = await put(manager, lead.id, { city: 'Nantes', updatedAt })
    expect(second.statusCode).toBe(409)
    expect(second.json().error.message).toContain('modifié entre-temps')
    expect((await stored(lead.id)).city).toBe('Lyon')
    const again = await put(manager, lead.id, { city: 'Nantes', updatedAt: first.json().updatedAt })
    expect(again.statusCode).toBe(200)
  })

  it('of two simultaneous edits from the same reading, applies one and refuses the other', async () => {
    const lead = await heldLead()
    const { updatedAt } = (await agent.request({ url: `/api/lead/${lead.id}` })).json()
    const results = await Promise.all([
      put(agent, lead.id, { city: 'Lyon', updatedAt }),
      put(manager, lead.id, { city: 'Nantes', updatedAt }),
    ])
    expect(results.map((r) => r.statusCode).toSorted()).toEqual([200, 409])
    const winner = results.find((r) => r.statusCode === 200)!.json().city
    expect((await stored(lead.id)).city).toBe(winner)
    expect(await t.database.db.select().from(leadEvents)).toHaveLength(1)
  })

  it('publishes the lead update to the processing user and the viewers', async () => {
    const lead = await heldLead()
    const seen: { channel: string; data: unknown }[] = []
    const off = t.app.bus.subscribe('live', (signal) => seen.push(signal))
    await put(manager, lead.id, { lastName: 'Martin' })
    off()
    expect(seen).toContainEqual({
      channel: `user:${me.id}:lead:update`,
      data: { leadId: lead.id, uuid: lead.uuid, reason: 'update' },
    })
  })
})
