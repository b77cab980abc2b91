// The route × role access table (security standard: "new routes join the table-driven access test").
// Every /api route the app registers must be listed here with who may call it; the test fails on a
// route missing from the table, on a listed route that is gone, and on a declaration that differs.
// Then it calls each route as each caller the table excludes and expects the refusal: 401 signed
// out, 403 for a role the route does not list (with a valid XSRF pair, so the role is what refuses).
// Callers the table admits are not called here (a call could change data); each resource's own
// tests show what they may do, including the per-object rules (a lead's missions, a manager's teams).
import { describe, expect, it } from 'vitest'
import type { Access } from '../lib/access.ts'
import type { Role } from '../../src/contracts/roles.ts'
import { createAgent, type Agent } from '../../tests/setup/agent.ts'
import { insertLead, insertMission } from '../../tests/factories/leads.ts'
import { extractions, missionUsers } from '../db/schema.ts'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { insertTeam, insertUser } from '../../tests/factories/users.ts'

const PUBLIC = 'public'
const SIGNED_IN = 'authenticated'
const ADMIN: Access = ['ADMIN']
const ADMIN_MANAGER: Access = ['ADMIN', 'MANAGER']
const AGENTS: Access = ['TELEOPERATOR', 'MANAGER']

/** "METHOD /api/path" → who may call it. Keep it sorted by resource, as the routes folders are. */
const TABLE: Record<string, Access> = {
  // system
  'GET /api/healthcheck': PUBLIC,
  // Administrators or the METRICS_TOKEN bearer, checked by the route itself (metrics.test.ts).
  'GET /api/metrics': PUBLIC,
  'GET /api/config': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  // auth
  'POST /api/login': PUBLIC,
  'POST /api/logout': PUBLIC,
  'POST /api/forgotPassword': PUBLIC,
  'GET /api/user/token/:token': PUBLIC,
  'POST /api/resetPassword': PUBLIC,
  'GET /api/auth/sign-in-throttles': ADMIN,
  'DELETE /api/auth/sign-in-throttles/:id': ADMIN,
  // users
  'GET /api/user/me': SIGNED_IN,
  'GET /api/users': ADMIN_MANAGER,
  'GET /api/users/active': ADMIN_MANAGER,
  'GET /api/users/working': ADMIN_MANAGER,
  'GET /api/user/:id': ADMIN_MANAGER,
  'POST /api/user/preference/:preferenceKey': SIGNED_IN,
  'POST /api/users': ADMIN,
  'PUT /api/user/:id': ADMIN,
  'POST /api/user/:id/activate': ADMIN,
  'POST /api/user/:id/deactivate': ADMIN,
  'POST /api/user/:id/link-aircall-account': ADMIN,
  'POST /api/user/:id/welcome-link': ADMIN,
  'GET /api/users/aircall-accounts': ADMIN,
  'POST /api/users/bulk': ADMIN,
  'POST /api/user/avatar': SIGNED_IN,
  'GET /api/user/:id/avatar': SIGNED_IN,
  // telephony webhooks (authenticated by the provider's token, not a session)
  'POST /api/webhooks/aircall': PUBLIC,
  // telephony webhook status (issue #15)
  'GET /api/webhooks/status': ADMIN,
  'GET /api/webhooks/deliveries': ADMIN,
  'POST /api/webhooks/deliveries/:id/replay': ADMIN,
  'GET /api/webhooks/aircall-registrations': ADMIN,
  'POST /api/webhooks/aircall-registrations/create': ADMIN,
  'POST /api/webhooks/aircall-registrations/complete': ADMIN,
  // calls
  'POST /api/call/start-outbound': SIGNED_IN,
  'GET /api/call/aircall-numbers': SIGNED_IN,
  'GET /api/call/ongoing': SIGNED_IN,
  'POST /api/call/inbound/answer': SIGNED_IN,
  'POST /api/call/inbound/decline': SIGNED_IN,
  'POST /api/call/force-end': SIGNED_IN,
  'POST /api/call/:callId/link-lead/:leadId': SIGNED_IN,
  'POST /api/calls/tag': AGENTS,
  // gamification (issue #14; per user: a teleoperator their own, a manager their teams')
  'GET /api/gamification/:userId': SIGNED_IN,
  'GET /api/user/me/day': AGENTS,
  // leaderboard (issue #14; a display link's session too, see DISPLAY_ROUTES) and display links
  'GET /api/leaderboard': SIGNED_IN,
  // (issue #31: a manager, the links of the teams they manage; DISPLAY_LINKS_OF_TEAMS below)
  'GET /api/display-links': ADMIN_MANAGER,
  'POST /api/display-links': ADMIN_MANAGER,
  'POST /api/display-links/:id/revoke': ADMIN_MANAGER,
  'POST /api/display-session': PUBLIC,
  // a manager: themself and the teams they manage; an administrator: everyone
  'GET /api/gamification/scope': ADMIN_MANAGER,
  'GET /api/gamification/team/:teamId': ADMIN_MANAGER,
  // activity for managers (issue #14; a manager: the teams they manage, server/domain/activity/scope.ts)
  'GET /api/activity/overview': ADMIN_MANAGER,
  'GET /api/activity/stats': ADMIN_MANAGER,
  // timeline (issue #14; per user: the agent themself, a manager their teams', server/domain/access/live-access.ts)
  'GET /api/user/:userId/timeline': SIGNED_IN,
  'GET /api/timeline/agents': ADMIN_MANAGER,
  // lead follow-up (issue #14; a manager: their teams' missions, server/domain/leads/access.ts)
  'GET /api/activity/follow-up': ADMIN_MANAGER,
  'GET /api/activity/follow-up/leads': ADMIN_MANAGER,
  // leads (per-lead rules: server/domain/leads/access.ts)
  'GET /api/lead/:id': SIGNED_IN,
  'GET /api/lead': SIGNED_IN,
  'GET /api/lead/:id/history': SIGNED_IN,
  'PUT /api/lead/:leadId/comment': SIGNED_IN,
  'POST /api/users/view-lead-page': SIGNED_IN,
  'POST /api/users/quit-lead-page': SIGNED_IN,
  'GET /api/user/:id/viewing-lead': SIGNED_IN,
  'POST /api/users/unassign-lead-from-user': SIGNED_IN,
  'POST /api/lead/:id/release': SIGNED_IN,
  'PUT /api/lead/:id': SIGNED_IN,
  'PUT /api/lead/:leadId/lead-tag/:leadTagId': SIGNED_IN,
  'GET /api/lead/random/:x': SIGNED_IN,
  'GET /api/lead/:leadId/appointment-availabilities': SIGNED_IN,
  'POST /api/lead/:leadId/appointment': SIGNED_IN,
  'POST /api/lead/find-lead-to-process': AGENTS,
  'GET /api/lead/search/:search/:page?': SIGNED_IN,
  'POST /api/lead/search/pick/:leadId': AGENTS,
  // recalls (issue #29: the caller's own, on leads of missions they see)
  'GET /api/recalls/mine': AGENTS,
  // push
  'GET /api/push/public-key': PUBLIC,
  'POST /api/push/subscription': SIGNED_IN,
  'DELETE /api/push/subscription': SIGNED_IN,
  'POST /api/push/subscription/change': PUBLIC,
  // teams
  'GET /api/teams': ADMIN_MANAGER,
  'POST /api/teams': ADMIN,
  'GET /api/team/:id': ADMIN_MANAGER,
  'PUT /api/team/:id': ADMIN,
  'POST /api/team/:id/archive': ADMIN,
  'POST /api/team/:id/restore': ADMIN,
  'PUT /api/team/:id/member/:userId': ADMIN,
  'DELETE /api/team/:id/member/:userId': ADMIN,
  'PUT /api/team/:id/manager/:userId': ADMIN,
  'DELETE /api/team/:id/manager/:userId': ADMIN,
  // missions
  'GET /api/missions': ADMIN_MANAGER,
  'POST /api/missions': ADMIN,
  'GET /api/mission/:id': ADMIN_MANAGER,
  'PUT /api/mission/:id': ADMIN,
  'POST /api/mission/:id/archive': ADMIN,
  'POST /api/mission/:id/restore': ADMIN,
  'DELETE /api/mission/:id': ADMIN,
  'POST /api/mission/:id/banner': ADMIN,
  'DELETE /api/mission/:id/banner': ADMIN,
  'GET /api/mission/:id/banner': SIGNED_IN,
  // markets
  'GET /api/markets': ADMIN_MANAGER,
  'POST /api/markets': ADMIN,
  'GET /api/market/:id': ADMIN_MANAGER,
  'PUT /api/market/:id': ADMIN,
  'DELETE /api/market/:id': ADMIN,
  // configuration
  'GET /api/configuration': ADMIN,
  'PUT /api/configuration/leadProcessingDurationDays': ADMIN,
  'PUT /api/configuration/appointmentSchedule': ADMIN,
  'PUT /api/configuration/defaultRecallDelayMinutes': ADMIN,
  'PUT /api/configuration/smsLimits': ADMIN,
  'PUT /api/configuration/smsCountries': ADMIN,
  'PUT /api/configuration/releaseCooldownHours': ADMIN,
  // assignments (a manager: the members of the teams they manage, on the missions opened to those
  // teams, never themself: server/domain/assignments/scope.ts, CLOSED_MISSION below)
  'GET /api/assignments/missions': ADMIN_MANAGER,
  'GET /api/assignments/teams': ADMIN,
  'GET /api/assignments/mission/:missionId': ADMIN_MANAGER,
  'POST /api/assignments/mission/:missionId/assign': ADMIN_MANAGER,
  'POST /api/assignments/mission/:missionId/unassign': ADMIN_MANAGER,
  'POST /api/assignments/mission/:missionId/assign-team': ADMIN_MANAGER,
  // the teams a mission is opened to (issue #26)
  'GET /api/assignments/mission/:missionId/teams': ADMIN,
  'POST /api/assignments/mission/:missionId/open-team': ADMIN,
  'POST /api/assignments/mission/:missionId/close-team': ADMIN,
  // tags
  'GET /api/tags': ADMIN_MANAGER,
  'POST /api/tags': ADMIN,
  'GET /api/tag/:id': ADMIN_MANAGER,
  'PUT /api/tag/:id': ADMIN,
  'POST /api/tag/:id/retire': ADMIN,
  'POST /api/tag/:id/restore': ADMIN,
  'DELETE /api/tag/:id': ADMIN,
  // call processes
  'GET /api/call-processes': ADMIN_MANAGER,
  'POST /api/call-processes': ADMIN,
  'GET /api/call-process/:id': ADMIN_MANAGER,
  'PUT /api/call-process/:id': ADMIN,
  'POST /api/call-process/:id/duplicate': ADMIN,
  'POST /api/call-process/:id/archive': ADMIN,
  'POST /api/call-process/:id/restore': ADMIN,
  // audit
  'GET /api/audit/:entity/:id': ADMIN,
  // scheduled jobs (issue #15)
  'GET /api/crons': ADMIN,
  'GET /api/crons/:key/preview': ADMIN,
  'PUT /api/crons/:key/schedule': ADMIN,
  'POST /api/crons/:key/pause': ADMIN,
  'POST /api/crons/:key/resume': ADMIN,
  'POST /api/crons/:key/run': ADMIN,
  // sms (issue #15): the back office; the lead sheet's routes check the lead (sms.test.ts)
  'GET /api/sms/templates': ADMIN,
  'PUT /api/sms/templates/:key': ADMIN,
  'GET /api/sms/messages': ADMIN,
  'GET /api/sms/opt-outs': ADMIN,
  'GET /api/lead/:leadId/sms': SIGNED_IN,
  'POST /api/lead/:leadId/sms': SIGNED_IN,
  'GET /api/mail-templates': ADMIN,
  'PUT /api/mail-templates/:key': ADMIN,
  'POST /api/mail-templates/:key/restore': ADMIN,
  'POST /api/mail-templates/:key/preview': ADMIN,
  'POST /api/mail-templates/:key/preview-frame': ADMIN,
  'POST /api/mail-templates/:key/test': ADMIN,
  'GET /api/mail-log': ADMIN,
  'POST /api/mail-log/:id/resend': ADMIN,
  // lead imports (issue #13)
  'POST /api/imports': ADMIN,
  'GET /api/imports': ADMIN,
  'GET /api/imports/:id': ADMIN,
  'PUT /api/imports/:id/settings': ADMIN,
  'PUT /api/imports/:id/header': ADMIN,
  'DELETE /api/imports/:id': ADMIN,
  'POST /api/imports/:id/start': ADMIN,
  'POST /api/imports/:id/cancel': ADMIN,
  'POST /api/imports/:id/undo': ADMIN,
  'GET /api/imports/:id/file': ADMIN,
  'GET /api/imports/:id/rejected.csv': ADMIN,
  'GET /api/import-mappings': ADMIN,
  'DELETE /api/import-mappings/:id': ADMIN,
  // extractions (a manager: the leads they see, server/domain/leads/access.ts; CLOSED_MISSION below)
  'GET /api/extractions/options': ADMIN_MANAGER,
  'POST /api/extractions/count': ADMIN_MANAGER,
  'POST /api/extractions': ADMIN_MANAGER,
  'GET /api/extractions': ADMIN_MANAGER,
  'GET /api/extractions/:id/file': ADMIN_MANAGER,
  // developer tools (outside production only; each checks its own rule)
  'POST /api/dev/connect-as': SIGNED_IN,
  'POST /api/dev/switch-role': SIGNED_IN,
  'GET /api/dev/mailbox': ADMIN,
  'POST /api/dev/live/publish': SIGNED_IN,
  'POST /api/dev/telephony/inbound': SIGNED_IN,
  'POST /api/dev/telephony/sms': SIGNED_IN,
  'POST /api/dev/telephony/:callId/:action': SIGNED_IN,
  'POST /api/dev/awards': SIGNED_IN,
  'POST /api/dev/leads': ADMIN,
  'GET /api/dev/monitor': SIGNED_IN,
  // Issue #15: the simulated floor and /dev/uat-settings, like every developer page outside production;
  // the reset deletes every lead, call and appointment: administrators only, as POST /api/dev/leads.
  'GET /api/dev/call-center-activity': SIGNED_IN,
  'POST /api/dev/call-center-activity': SIGNED_IN,
  'GET /api/dev/uat-settings': SIGNED_IN,
  'PUT /api/dev/uat-settings/simulator': SIGNED_IN,
  'POST /api/dev/uat/reset-calls-and-leads': ADMIN,
}

/**
 * Issue #14 (docs/domain.md "Display links"): the only routes a wall screen's display link opens
 * (`config.display`); every other private route answers it 401, as to a signed-out caller.
 */
const DISPLAY_ROUTES = ['GET /api/leaderboard']

const ROLE_USERS = { ADMIN: 'admin', MANAGER: 'manager', TELEOPERATOR: 'teleop' } as const

type ScopeIds = { missionId: number; self: number; member: number; teamId: number }

/**
 * Issue #26: the manager's role admits these routes, but not on a mission that is neither opened to
 * a team they manage nor assigned to them: each call names such a mission and answers as a mission
 * that does not exist (404 "Mission introuvable."), changing nothing. `self` is the manager, `member`
 * a teleoperator of the team they manage.
 */
const CLOSED_MISSION: [string, (ids: ScopeIds) => Record<string, unknown> | undefined][] = [
  ['GET /api/assignments/mission/:missionId', () => undefined],
  ['POST /api/assignments/mission/:missionId/assign', ({ self }) => ({ userIds: [self] })],
  ['POST /api/assignments/mission/:missionId/assign', ({ member }) => ({ userIds: [member] })],
  ['POST /api/assignments/mission/:missionId/unassign', ({ member }) => ({ userIds: [member] })],
  ['POST /api/assignments/mission/:missionId/assign-team', ({ teamId }) => ({ teamId })],
  ['POST /api/extractions/count', ({ missionId }) => ({ filters: { missionIds: [missionId] } })],
  [
    'POST /api/extractions',
    ({ missionId }) => ({
      filters: { missionIds: [missionId] },
      columns: ['firstName', 'lastName', 'phone', 'email', 'address'],
      format: 'csv',
    }),
  ],
]

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})

/** A concrete URL for a route pattern: every parameter 1 (an optional one left out). */
function urlOf(pattern: string): string {
  return pattern
    .replace(/\/:[A-Z]+\?$/i, '')
    .replace(/:preferenceKey/, 'badges')
    .replace(/:entity/, 'team')
    .replace(/:action/, 'hangup')
    .replace(/:[A-Z]+/gi, '1')
}

function keyOf(route: { method: string; url: string }) {
  return `${route.method} ${route.url}`
}

describe('the route × role access table', () => {
  it('lists every /api route the app registers, with the access it declares', () => {
    const declared = Object.fromEntries(t.app.declaredRoutes().map((route) => [keyOf(route), route.access]))
    expect(Object.keys(declared).sort()).toEqual(Object.keys(TABLE).sort())
    expect(declared).toEqual(TABLE)
  })

  it('refuses every private route to a signed-out caller (401)', async () => {
    const { request } = createAgent(t.app)
    for (const [key, access] of Object.entries(TABLE)) {
      if (access === PUBLIC) continue
      const [method, pattern] = key.split(' ') as [string, string]
      const response = await request({ method: method as 'GET', url: urlOf(pattern) })
      expect(response.statusCode, key).toBe(401)
    }
  })

  it('refuses every role-restricted route to each role it does not list (403)', async () => {
    let refusals = 0
    for (const [key, access] of Object.entries(TABLE)) {
      if (typeof access === 'string') continue
      const [method, pattern] = key.split(' ') as [string, string]
      for (const role of Object.keys(ROLE_USERS) as Role[]) {
        if (access.includes(role)) continue
        const agent = t.agents[ROLE_USERS[role]]
        const response = await agent.request({ method: method as 'GET', url: urlOf(pattern) })
        expect(response.statusCode, `${key} as ${role}`).toBe(403)
        expect(response.json().error.code, `${key} as ${role}`).toBe('FORBIDDEN')
        refusals += 1
      }
    }
    // The table does restrict: a change that opened everything would leave nothing to refuse.
    expect(refusals).toBeGreaterThan(60)
  })

  it('opens only the DISPLAY_ROUTES to a display link’s session, every other private route 401', async () => {
    const declared = t.app
      .declaredRoutes()
      .filter((route) => route.display)
      .map(keyOf)
    expect(declared).toEqual(DISPLAY_ROUTES)
    const created = await t.agents.admin.request({
      method: 'POST',
      url: '/api/display-links',
      payload: { name: 'Écran' },
    })
    const screen = createAgent(t.app)
    const opened = await screen.request({
      method: 'POST',
      url: '/api/display-session',
      payload: { token: created.json().token },
    })
    expect(opened.statusCode).toBe(200)
    for (const [key, access] of Object.entries(TABLE)) {
      if (access === PUBLIC) continue
      const [method, pattern] = key.split(' ') as [string, string]
      const response = await screen.request({ method: method as 'GET', url: urlOf(pattern) })
      expect(response.statusCode, key).toBe(DISPLAY_ROUTES.includes(key) ? 200 : 401)
    }
  })
})

/**
 * Issue #26: every route about a user answers a user one may not see exactly like a user that does
 * not exist (404 "Utilisateur introuvable."), so no status tells that someone exists outside one's
 * teams. A row: the route (as in TABLE), the callers it is tried as, and the request about a user.
 */
type AboutUser = (
  userId: number,
  missionId: number,
) => { method?: 'GET' | 'POST'; url: string; payload?: object }

const USER_ROUTES: [key: string, callers: ('manager' | 'teleop')[], about: AboutUser][] = [
  ['GET /api/user/:id', ['manager'], (id) => ({ url: `/api/user/${id}` })],
  ['GET /api/user/:userId/timeline', ['manager', 'teleop'], (id) => ({ url: `/api/user/${id}/timeline` })],
  ['GET /api/gamification/:userId', ['manager', 'teleop'], (id) => ({ url: `/api/gamification/${id}` })],
  [
    'GET /api/user/:id/viewing-lead',
    ['manager', 'teleop'],
    (id) => ({ url: `/api/user/${id}/viewing-lead` }),
  ],
  ['GET /api/activity/stats', ['manager'], (id) => ({ url: `/api/activity/stats?userId=${id}` })],
  [
    'POST /api/users/unassign-lead-from-user',
    ['manager', 'teleop'],
    (id) => ({ method: 'POST', url: '/api/users/unassign-lead-from-user', payload: { userId: id } }),
  ],
  ...(['assign', 'unassign'] as const).map((action): [string, 'manager'[], AboutUser] => [
    `POST /api/assignments/mission/:missionId/${action}`,
    ['manager'],
    (id, missionId) => ({
      method: 'POST',
      url: `/api/assignments/mission/${missionId}/${action}`,
      payload: { userIds: [id] },
    }),
  ]),
]

describe('a user one may not see answers like a user that does not exist (issue #26)', () => {
  it('gives the very status and body of an unknown id, while a user one sees is answered', async () => {
    const { db } = t.database
    // The manager manages a team with one teleoperator (the mission is opened to it); the stranger is
    // in no team of theirs.
    const member = await insertUser(db, { email: 'member@test.fr' })
    const stranger = await insertUser(db, { email: 'stranger@test.fr' })
    const team = await insertTeam(db, 'Équipe du manager', [t.users.manager.id, member.id])
    const { mission } = await insertMission(db, { teamIds: [team.id] })
    const NOBODY = 2_000_000_000
    const seen = { manager: member.id, teleop: t.users.teleop.id }
    const hidden = { manager: stranger.id, teleop: t.users.admin.id }
    const send = (agent: Agent, about: AboutUser, id: number) =>
      agent.request({ method: 'GET', ...about(id, mission.id) })

    for (const [key, callers, about] of USER_ROUTES) {
      expect(TABLE, key).toHaveProperty([key])
      for (const caller of callers) {
        const agent = t.agents[caller]
        const label = `${key} as ${caller}`
        const ghost = await send(agent, about, NOBODY)
        const other = await send(agent, about, hidden[caller])
        expect(ghost.statusCode, label).toBe(404)
        expect(other.statusCode, label).toBe(404)
        expect(other.json(), label).toEqual(ghost.json())
        expect(other.json(), label).toEqual({
          error: { code: 'NOT_FOUND', message: 'Utilisateur introuvable.' },
        })
        expect((await send(agent, about, seen[caller])).statusCode, label).toBe(200)
      }
    }
  })
})

describe('a manager on a mission not opened to their teams (issue #26)', () => {
  it('answers every route of CLOSED_MISSION 404 as for a missing mission, and changes nothing', async () => {
    const { db } = t.database
    const { mission, market } = await insertMission(db, { name: 'Fermée' })
    await insertLead(db, market.id)
    const ids = {
      missionId: mission.id,
      self: t.users.manager.id,
      member: t.users.teleop.id,
      teamId: t.teamId,
    }
    for (const [key, body] of CLOSED_MISSION) {
      expect(TABLE[key], key).toEqual(ADMIN_MANAGER)
      const [method, pattern] = key.split(' ') as [string, string]
      const url = pattern.replace(':missionId', String(mission.id))
      const response = await t.agents.manager.request({ method: method as 'GET', url, payload: body(ids) })
      expect(response.statusCode, key).toBe(404)
      expect(response.json().error, key).toEqual({ code: 'NOT_FOUND', message: 'Mission introuvable.' })
    }
    expect(await db.select().from(missionUsers)).toEqual([])
    expect(await db.select().from(extractions)).toEqual([])
  })
})

describe('a manager and display links: their teams’ only (issue #31)', () => {
  it('allows a link of a team they manage, refuses another team’s and a centre-wide one', async () => {
    const { db } = t.database
    const stranger = await insertUser(db, { email: 'stranger@test.fr' })
    const other = await insertTeam(db, 'Autre équipe', [stranger.id])
    const { admin, manager } = t.agents
    const create = (agent: Agent, payload: object) =>
      agent.request({ method: 'POST', url: '/api/display-links', payload })
    const hall = (await create(admin, { name: 'Hall' })).json().link.id as number
    const foreign = (await create(admin, { name: 'Ailleurs', teamId: other.id })).json().link.id as number

    const ownLink = await create(manager, { name: 'Plateau', teamId: t.teamId })
    expect(ownLink.statusCode).toBe(200)
    const own = ownLink.json().link.id as number
    const listed = await manager.request({ method: 'GET', url: '/api/display-links' })
    expect(listed.json().links.map((link: { id: number }) => link.id)).toEqual([own])
    expect((await create(manager, { name: 'X', teamId: other.id })).statusCode).toBe(403)
    expect((await create(manager, { name: 'X' })).statusCode).toBe(400)
    for (const id of [hall, foreign]) {
      const response = await manager.request({ method: 'POST', url: `/api/display-links/${id}/revoke` })
      expect(response.statusCode, String(id)).toBe(404)
    }
    const revoked = await manager.request({ method: 'POST', url: `/api/display-links/${own}/revoke` })
    expect(revoked.statusCode).toBe(200)
  })
})
