// Issue #17 point 1: every lead and call route, as each role, against an own lead, a lead of a foreign
// mission and a lead that does not exist. Who may see a lead: server/domain/leads/access.ts. A lead
// one may not see answers exactly like an unknown one, so each "foreign" cell of a role that may not
// see it reads like its "missing" cell.
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, leadTags, users } from '../../db/schema.ts'
import { offeredDays } from '../../domain/appointments/slots.ts'

const MISSING = 999_999
const ROLES = ['teleoperator', 'manager', 'otherManager', 'admin'] as const
const TARGETS = ['own', 'foreign', 'missing'] as const
type RoleName = (typeof ROLES)[number]
type TargetName = (typeof TARGETS)[number]
type Table = Record<RoleName, Record<TargetName, string>>

type Target = { id: number; uuid: string; tagId: number; leadTagId: number }
type Cell = { agent: Agent; userId: number; target: Target }
type RouteCase = {
  name: string
  /** The own lead starts free instead of held by the teleoperator. */
  ownFree?: boolean
  send: (cell: Cell) => Promise<string>
  expected: Table
}

// Each case seeds (and empties) the database itself: seed().
const t = signedInServer({ config: { simulatorAnswerDelayMs: 0 }, resetBeforeEach: false })
let agents: Record<RoleName, Agent>
let ids: Record<RoleName, number>
let own: Target
let foreign: Target
let missing: Target

const EMAILS: Record<RoleName, string> = {
  teleoperator: 'teleop@test.fr',
  manager: 'manager@test.fr',
  otherManager: 'manager2@test.fr',
  admin: 'admin@test.fr',
}

/** A recent "Rappeler" outcome (insertMission's tags[1], step 1) recorded on the lead. */
async function outcomeOf(leadId: number, tagId: number, userId: number) {
  const [row] = await t.database.db
    .insert(leadTags)
    .values({ leadId, userId, callProcessTagId: tagId, step: 1, status: 'RECALL' })
    .returning()
  return row!.id
}

/**
 * Team Lyon: the teleoperator, who works mission A, and the manager; team Nantes: a colleague, who
 * works mission B, and the other manager. Each mission is opened to its team (issue #26). The own lead
 * is of mission A, the foreign one of mission B.
 */
async function seed(ownFree: boolean) {
  const { db } = t.database
  await t.app.telephony.idle()
  await t.reset()
  ids = {
    teleoperator: (await insertUser(db, { email: EMAILS.teleoperator })).id,
    manager: (await insertUser(db, { email: EMAILS.manager, role: 'MANAGER' })).id,
    otherManager: (await insertUser(db, { email: EMAILS.otherManager, role: 'MANAGER' })).id,
    admin: (await insertUser(db, { email: EMAILS.admin, role: 'ADMIN' })).id,
  }
  const colleague = (await insertUser(db)).id
  const lyon = await insertTeam(db, 'Lyon', [ids.teleoperator, ids.manager])
  const nantes = await insertTeam(db, 'Nantes', [colleague, ids.otherManager])
  const a = await insertMission(db, { name: 'A', userIds: [ids.teleoperator], teamIds: [lyon.id] })
  const b = await insertMission(db, { name: 'B', userIds: [colleague], teamIds: [nantes.id] })
  const ownLead = await insertLead(db, a.market.id, ownFree ? {} : { processingUserId: ids.teleoperator })
  if (!ownFree)
    await db.update(users).set({ processingLeadId: ownLead.id }).where(eq(users.id, ids.teleoperator))
  const foreignLead = await insertLead(db, b.market.id)
  const ownTag = a.tags[1]!.id
  const foreignTag = b.tags[1]!.id
  own = { ...ownLead, tagId: ownTag, leadTagId: await outcomeOf(ownLead.id, ownTag, ids.teleoperator) }
  foreign = {
    ...foreignLead,
    tagId: foreignTag,
    leadTagId: await outcomeOf(foreignLead.id, foreignTag, colleague),
  }
  missing = {
    id: MISSING,
    uuid: '00000000-0000-4000-8000-000000000000',
    tagId: ownTag,
    leadTagId: own.leadTagId,
  }
  agents = {} as Record<RoleName, Agent>
  for (const role of ROLES) {
    agents[role] = createAgent(t.app)
    await agents[role].login(EMAILS[role])
  }
}

function cellOf(res: LightMyRequestResponse): string {
  if (res.statusCode < 300) return String(res.statusCode)
  const { code, message } = res.json().error
  // A hidden lead and a missing one must say the same words too, not only the same code.
  return res.statusCode === 404 ? `404 ${code} ${message}` : `${res.statusCode} ${code}`
}

async function run(route: RouteCase): Promise<Table> {
  await seed(route.ownFree ?? false)
  const table = {} as Table
  for (const role of ROLES) {
    table[role] = {} as Record<TargetName, string>
    for (const name of TARGETS) {
      const target = { own, foreign, missing }[name]
      table[role][name] = await route.send({ agent: agents[role], userId: ids[role], target })
    }
  }
  return table
}

/** A role that sees both missions' leads answers `ok` for each; the others 404 where they may not see. */
function table(cells: Partial<Record<RoleName, Partial<Record<TargetName, string>>>>, ok = '200'): Table {
  const seen: Record<RoleName, Record<TargetName, boolean>> = {
    teleoperator: { own: true, foreign: false, missing: false },
    manager: { own: true, foreign: false, missing: false },
    otherManager: { own: false, foreign: true, missing: false },
    admin: { own: true, foreign: true, missing: false },
  }
  const result = {} as Table
  for (const role of ROLES) {
    result[role] = {} as Record<TargetName, string>
    for (const name of TARGETS)
      result[role][name] = cells[role]?.[name] ?? (seen[role][name] ? ok : '404 NOT_FOUND Lead introuvable.')
  }
  return result
}

const FORBIDDEN_ALL = { own: '403 FORBIDDEN', foreign: '403 FORBIDDEN', missing: '403 FORBIDDEN' }
const get = (url: string) => (cell: Cell) => cell.agent.request({ url }).then(cellOf)

const ROUTES: RouteCase[] = [
  { name: 'GET /api/lead/{uuid}', send: (c) => get(`/api/lead/${c.target.uuid}`)(c), expected: table({}) },
  { name: 'GET /api/lead/{id}', send: (c) => get(`/api/lead/${c.target.id}`)(c), expected: table({}) },
  { name: 'GET /api/lead?id=', send: (c) => get(`/api/lead?id=${c.target.uuid}`)(c), expected: table({}) },
  {
    name: 'GET /api/lead/{id}/history',
    send: (c) => get(`/api/lead/${c.target.id}/history`)(c),
    expected: table({}),
  },
  {
    name: 'PUT /api/lead/{id}/comment',
    send: ({ agent, target }) =>
      agent
        .request({ method: 'PUT', url: `/api/lead/${target.id}/comment`, payload: { comment: 'x' } })
        .then(cellOf),
    // Only the processing user comments among teleoperators: the foreign lead is free, and hidden.
    expected: table({}),
  },
  {
    name: 'PUT /api/lead/{id}',
    send: ({ agent, target }) =>
      agent.request({ method: 'PUT', url: `/api/lead/${target.id}`, payload: { city: 'Lyon' } }).then(cellOf),
    expected: table({}),
  },
  {
    name: 'PUT /api/lead/{id}/lead-tag/{leadTagId}',
    send: ({ agent, target }) =>
      agent
        .request({
          method: 'PUT',
          url: `/api/lead/${target.id}/lead-tag/${target.leadTagId}`,
          payload: {
            callProcessTagId: target.tagId,
            step: 1,
            status: 'RECALL',
            substatus: 'CALLBACK_REQUESTED',
          },
        })
        .then(cellOf),
    expected: table({}),
  },
  {
    name: 'GET /api/lead/{id}/appointment-availabilities',
    send: (c) => get(`/api/lead/${c.target.id}/appointment-availabilities`)(c),
    expected: table({}),
  },
  {
    name: 'POST /api/lead/{id}/appointment',
    send: ({ agent, target }) =>
      agent
        .request({
          method: 'POST',
          url: `/api/lead/${target.id}/appointment`,
          payload: { startsAt: offeredDays(new Date())[1]!.slots[0]!.startsAt.toISOString() },
        })
        .then(cellOf),
    expected: table({}),
  },
  {
    name: 'POST /api/calls/tag',
    send: async ({ agent, userId, target }) => {
      // Issue #29: an outcome is recorded on the caller's own call on the lead.
      if (target.id !== MISSING)
        await insertCall(t.database.db, { userId, leadId: target.id, status: 'done', endedAt: new Date() })
      return agent
        .request({
          method: 'POST',
          url: '/api/calls/tag',
          payload: { leadId: target.id, callProcessTagId: target.tagId },
        })
        .then(cellOf)
    },
    // Administrators do not handle leads (spec §6).
    expected: table({ admin: FORBIDDEN_ALL }),
  },
  {
    name: 'POST /api/call/{callId}/link-lead/{leadId}',
    send: async ({ agent, userId, target }) => {
      const call = await insertCall(t.database.db, { userId, status: 'ended', endedAt: new Date() })
      return agent
        .request({ method: 'POST', url: `/api/call/${call.id}/link-lead/${target.id}` })
        .then(cellOf)
    },
    expected: table({}),
  },
  {
    name: 'POST /api/call/start-outbound',
    send: async ({ agent, target }) => {
      const cell = await agent
        .request({ method: 'POST', url: '/api/call/start-outbound', payload: { leadId: target.id } })
        .then(cellOf)
      await t.app.telephony.idle()
      return cell
    },
    // On a lead one sees, only the processing user calls (403 for the others); administrators never.
    expected: table({
      manager: { own: '403 FORBIDDEN' },
      otherManager: { foreign: '403 FORBIDDEN' },
      admin: FORBIDDEN_ALL,
    }),
  },
  {
    // Issue #11: only the holder hands a lead back; the teleoperator releases their own lead first.
    name: 'POST /api/lead/{id}/release',
    send: ({ agent, target }) =>
      agent
        .request({ method: 'POST', url: `/api/lead/${target.uuid}/release`, payload: { reason: 'Doublon' } })
        .then(cellOf),
    expected: table({
      manager: { own: '403 FORBIDDEN' },
      otherManager: { foreign: '403 FORBIDDEN' },
      admin: { own: '403 FORBIDDEN', foreign: '403 FORBIDDEN' },
    }),
  },
  {
    name: 'POST /api/lead/search/pick/{leadId}',
    ownFree: true,
    send: ({ agent, target }) =>
      agent.request({ method: 'POST', url: `/api/lead/search/pick/${target.id}` }).then(cellOf),
    // The teleoperator takes their free lead first: it is no longer free for the manager (409).
    expected: table({ manager: { own: '409 CONFLICT' }, admin: FORBIDDEN_ALL }),
  },
  {
    name: 'GET /api/lead/search/{id}',
    send: async ({ agent, target }) => {
      const res = await agent.request({ url: `/api/lead/search/${target.id}` })
      return `${res.statusCode} found ${res.json().total}`
    },
    expected: table(
      {
        teleoperator: { missing: '200 found 0', foreign: '200 found 0' },
        manager: { missing: '200 found 0', foreign: '200 found 0' },
        otherManager: { own: '200 found 0', missing: '200 found 0' },
        admin: { missing: '200 found 0' },
      },
      '200 found 1',
    ),
  },
  {
    name: 'GET /api/lead/random/{x}',
    send: async ({ agent, target }) => {
      const res = await agent.request({ url: '/api/lead/random/50' })
      const listed = res.json().items.some((item: { id: number }) => item.id === target.id)
      return `${res.statusCode} ${listed ? 'listed' : 'absent'}`
    },
    expected: table(
      {
        teleoperator: { foreign: '200 absent', missing: '200 absent' },
        manager: { foreign: '200 absent', missing: '200 absent' },
        otherManager: { own: '200 absent', missing: '200 absent' },
        admin: { missing: '200 absent' },
      },
      '200 listed',
    ),
  },
  {
    name: 'POST /api/users/view-lead-page',
    send: ({ agent, target }) =>
      agent
        .request({ method: 'POST', url: '/api/users/view-lead-page', payload: { leadId: target.id } })
        .then(cellOf),
    expected: table({}),
  },
  {
    name: 'GET /api/user/{id}/viewing-lead',
    send: async ({ agent, userId, target }) => {
      const viewing = target.id === MISSING ? null : target.id
      await t.database.db.update(users).set({ viewingLeadId: viewing }).where(eq(users.id, userId))
      const res = await agent.request({ url: `/api/user/${userId}/viewing-lead` })
      return `${res.statusCode} ${res.json().lead === null ? 'none' : 'named'}`
    },
    expected: table(
      {
        teleoperator: { foreign: '200 none', missing: '200 none' },
        manager: { foreign: '200 none', missing: '200 none' },
        otherManager: { own: '200 none', missing: '200 none' },
        admin: { missing: '200 none' },
      },
      '200 named',
    ),
  },
  {
    name: 'POST /api/call/inbound/answer',
    send: async ({ agent, userId, target }) => {
      const { db } = t.database
      const detectedLeadId = target.id === MISSING ? null : target.id
      // An inbound call already answered in the provider's phone, its caller detected on the lead.
      const call = await insertCall(db, {
        userId,
        direction: 'inbound',
        status: 'answered',
        answeredAt: new Date(),
        detectedLeadId,
      })
      const res = await agent.request({
        method: 'POST',
        url: '/api/call/inbound/answer',
        payload: { bypassUntaggedLeadCheck: true, bypassProcessingLeadCheck: true },
      })
      await db.update(calls).set({ endedAt: new Date() }).where(eq(calls.id, call.id))
      return `${res.statusCode} ${res.json().redirect === '/home' ? 'home' : 'sheet'}`
    },
    expected: table(
      {
        teleoperator: { foreign: '200 home', missing: '200 home' },
        manager: { foreign: '200 home', missing: '200 home' },
        otherManager: { own: '200 home', missing: '200 home' },
        admin: { missing: '200 home' },
      },
      '200 sheet',
    ),
  },
  {
    // Issue #11: one's own ringing call, whoever the caller's number designates; the answer names no lead.
    name: 'POST /api/call/inbound/decline',
    send: async ({ agent, userId, target }) => {
      const detectedLeadId = target.id === MISSING ? null : target.id
      const call = await insertCall(t.database.db, {
        userId,
        direction: 'inbound',
        status: 'ringing',
        detectedLeadId,
      })
      const res = await agent.request({
        method: 'POST',
        url: '/api/call/inbound/decline',
        payload: { callId: call.id },
      })
      return `${res.statusCode} ${Object.keys(res.json()).toSorted().join(',')}`
    },
    expected: table(
      {
        teleoperator: { foreign: '200 callId,ok', missing: '200 callId,ok' },
        manager: { foreign: '200 callId,ok', missing: '200 callId,ok' },
        otherManager: { own: '200 callId,ok', missing: '200 callId,ok' },
        admin: { missing: '200 callId,ok' },
      },
      '200 callId,ok',
    ),
  },
]

describe('every lead and call route, as each role, on an own, a foreign-mission and a missing lead', () => {
  beforeEach(() => t.app.telephony.idle())

  it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    expect(await run(route)).toEqual(route.expected)
  })

  it('answers a hidden lead exactly like a missing one: status, code and French message', async () => {
    await seed(false)
    const hidden = await agents.teleoperator.request({ url: `/api/lead/${foreign.uuid}` })
    const unknown = await agents.teleoperator.request({ url: `/api/lead/${missing.uuid}` })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Lead introuvable.' } })
    expect(hidden.json()).toEqual(unknown.json())
  })
})
