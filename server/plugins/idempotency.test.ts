// @both-databases: replays racing on separate connections.
// Idempotency-Key on PUT /api/lead/{id}/comment and POST /api/user/preference/{key} (issue #5):
// what a replaying client observes, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { beforeEach, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import type { Agent } from '../../tests/setup/agent.ts'
import { insertLead, insertMission } from '../../tests/factories/leads.ts'
import { idempotencyKeys, leadEvents, leads, userPreferences } from '../db/schema.ts'
import {
  claimIdempotencyKey,
  fingerprintOf,
  IDEMPOTENCY_TTL_MS,
  purgeIdempotencyKeys,
  STALE_CLAIM_MS,
} from '../lib/idempotency.ts'

const t = signedInServer({
  users: { teleop: {}, manager: { role: 'MANAGER' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'manager'],
})
const { teleop: me, manager: other } = t.users
const { teleop: agent, manager: otherAgent } = t.agents
let lead: { id: number }

beforeEach(async () => {
  const { db } = t.database
  const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
  lead = await insertLead(db, market.id, { processingUserId: me.id })
})

function putComment(who: Agent, comment: string, key?: string, leadId = lead.id) {
  return who.request({
    method: 'PUT',
    url: `/api/lead/${leadId}/comment`,
    payload: { comment },
    headers: key ? { 'idempotency-key': key } : {},
  })
}

async function commentEvents() {
  return t.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))
}

describe('Idempotency-Key on PUT /api/lead/{id}/comment', () => {
  it('applies the change once and answers the same again for the same key', async () => {
    const key = 'key-0001-aaaa'
    const first = await putComment(agent, 'Rappeler après 18 h', key)
    expect(first.statusCode).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()

    const second = await putComment(agent, 'Rappeler après 18 h', key)
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    expect(second.headers['content-type']).toMatch(/^application\/json/)
    expect(second.headers['cache-control']).toBe('private, no-store')

    const events = (await commentEvents()).filter((e) => e.kind === 'comment')
    expect(events).toHaveLength(1)
  })

  it('keeps working without a key (every request applies)', async () => {
    expect((await putComment(agent, 'a')).statusCode).toBe(200)
    expect((await putComment(agent, 'a')).statusCode).toBe(200)
    expect((await commentEvents()).filter((e) => e.kind === 'comment')).toHaveLength(2)
  })

  it('answers a refusal (4xx) the same way again, without applying anything', async () => {
    const key = 'key-0002-refused'
    const first = await putComment(otherAgent, 'pas à moi', key, 999_999)
    expect(first.statusCode).toBe(404)
    const again = await putComment(otherAgent, 'pas à moi', key, 999_999)
    expect(again.statusCode).toBe(404)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
  })

  it('refuses the same key with another body or on another route (422, French message)', async () => {
    const key = 'key-0003-reused'
    expect((await putComment(agent, 'premier', key)).statusCode).toBe(200)

    const otherBody = await putComment(agent, 'second', key)
    expect(otherBody.statusCode).toBe(422)
    expect(otherBody.json().error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Cette clé d’idempotence a déjà servi pour une requête différente.',
    })

    const otherRoute = await agent.request({
      method: 'POST',
      url: '/api/user/preference/badges',
      payload: { preferenceValue: true },
      headers: { 'idempotency-key': key },
    })
    expect(otherRoute.statusCode).toBe(422)
    expect(otherRoute.json().error.message).toBe(
      'Cette clé d’idempotence a déjà servi pour une autre action.',
    )
    const [lead1] = await t.database.db.select().from(leads).where(eq(leads.id, lead.id))
    expect(lead1!.comment).toBe('premier')
  })

  it('keeps keys per user: the same key from another user is another request', async () => {
    const key = 'key-0004-shared'
    expect((await putComment(agent, 'moi', key)).statusCode).toBe(200)
    const theirs = await putComment(otherAgent, 'manager', key)
    expect(theirs.statusCode).toBe(200)
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
    expect((await commentEvents()).filter((e) => e.kind === 'comment')).toHaveLength(2)
  })

  it('answers 409 "Requête déjà en cours." while the first request with the key runs', async () => {
    const key = 'key-0005-running'
    // The first request claimed the key and has not answered yet.
    const claim = await claimIdempotencyKey(t.database.db, {
      userId: me.id,
      key,
      route: 'PUT /api/lead/:leadId/comment',
      fingerprint: fingerprintOf('PUT', `/api/lead/${lead.id}/comment`, { comment: 'en double' }),
    })
    expect(claim.kind).toBe('claimed')
    const duplicate = await putComment(agent, 'en double', key)
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().error).toEqual({
      code: 'IDEMPOTENCY_IN_PROGRESS',
      message: 'Requête déjà en cours.',
    })
    expect(await commentEvents()).toHaveLength(0)
  })

  it('applies two simultaneous requests with one key once', async () => {
    const key = 'key-0005-parallel'
    const [a, b] = await Promise.all([
      putComment(agent, 'en double', key),
      putComment(agent, 'en double', key),
    ])
    // Either the second arrived while the first ran (409) or after it answered (replayed 200).
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual([a.statusCode, b.statusCode].sort())
    expect((await commentEvents()).filter((e) => e.kind === 'comment')).toHaveLength(1)
  })

  it('runs again a claim whose process died (older than a minute)', async () => {
    const key = 'key-0006-stale'
    const { db } = t.database
    const first = await putComment(agent, 'vieux', key)
    expect(first.statusCode).toBe(200)
    // Pretend the first run never answered and is long gone.
    await db
      .update(idempotencyKeys)
      .set({ statusCode: null, createdAt: new Date(Date.now() - STALE_CLAIM_MS - 1000) })
      .where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, key)))
    const retried = await putComment(agent, 'vieux', key)
    expect(retried.statusCode).toBe(200)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
  })

  it('refuses a malformed key (400) before doing anything', async () => {
    const res = await putComment(agent, 'x', 'court')
    expect(res.statusCode).toBe(400)
    expect(await commentEvents()).toHaveLength(0)
  })

  it('frees the key after a 5xx, so that a retry runs again', async () => {
    const key = 'key-0007-failing'
    const { db } = t.database
    // Break the handler's write for one request: nothing is applied, the answer is a 500.
    await db.execute(sql`alter table lead_events rename to lead_events_away`)
    const failed = await putComment(agent, 'réessayé', key).finally(() =>
      db.execute(sql`alter table lead_events_away rename to lead_events`),
    )
    expect(failed.statusCode).toBe(500)
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0)

    const retried = await putComment(agent, 'réessayé', key)
    expect(retried.statusCode).toBe(200)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    expect((await commentEvents()).filter((e) => e.kind === 'comment')).toHaveLength(1)
  })
})

describe('Idempotency-Key on POST /api/user/preference/{key}', () => {
  it('applies a preference once and replays the same answer', async () => {
    const key = 'pref-0001-once'
    const send = () =>
      agent.request({
        method: 'POST',
        url: '/api/user/preference/tentacalls',
        payload: { preferenceValue: false },
        headers: { 'idempotency-key': key },
      })
    const first = await send()
    expect(first.statusCode).toBe(200)
    expect(first.json().preferences.tentacalls).toBe(false)
    // Changed meanwhile by the user (another tab): the replay must not set it back.
    await t.database.db
      .update(userPreferences)
      .set({ value: true })
      .where(and(eq(userPreferences.userId, me.id), eq(userPreferences.key, 'tentacalls')))
    const again = await send()
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const [row] = await t.database.db
      .select()
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, me.id), eq(userPreferences.key, 'tentacalls')))
    expect(row!.value).toBe(true)
  })
})

describe('housekeeping', () => {
  it('purges keys older than 24 h and keeps the others', async () => {
    const { db } = t.database
    const now = new Date()
    await db.insert(idempotencyKeys).values([
      {
        userId: me.id,
        key: 'old-key-0001',
        route: 'r',
        statusCode: 200,
        response: {},
        createdAt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS - 1000),
      },
      { userId: other.id, key: 'new-key-0001', route: 'r', statusCode: 200, response: {}, createdAt: now },
    ])
    await purgeIdempotencyKeys(db, now)
    const left = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)
    expect(left).toEqual([{ key: 'new-key-0001' }])
  })
})
