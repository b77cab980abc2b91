// Issue #14 "Timeline": GET /api/user/{userId}/timeline — a scripted day read back in order with its
// durations, day bar and summary; the search by lead name without accents, by phone and by outcome;
// Paris day boundaries (a DST day included); sign-in, sign-out and sheets recorded by the real routes;
// who may read whose day.
import { describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Timeline } from '../../../src/contracts/timeline.ts'
import { leadEvents, leadTags, sessions, userActivityEvents } from '../../db/schema.ts'

const t = signedInServer({
  users: {
    teleop: {},
    other: {},
    manager: { role: 'MANAGER' },
    outsider: { role: 'MANAGER' },
    admin: { role: 'ADMIN' },
  },
  team: ['teleop', 'manager'],
})
const { teleop: agent, manager, admin, outsider } = t.agents
const { teleop: me } = t.users

/** 2026-03-10 is a winter day in Paris (UTC+1): 09:00 Paris is 08:00Z. */
const at = (time: string) => new Date(`2026-03-10T${time}Z`)

async function timelineOf(userId: number, query = '', as = manager): Promise<Timeline> {
  const res = await as.request({ method: 'GET', url: `/api/user/${userId}/timeline${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Timeline
}

/** Hélène Lefèvre's lead called and recalled, Marc Dupont's missed and commented, then a booking. */
async function scriptDay() {
  const { db } = t.database
  const { market, tags } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
  const tag = (label: string) => tags.find((x) => x.label === label)!
  const helene = await insertLead(db, market.id, {
    firstName: 'Hélène',
    lastName: 'Lefèvre',
    phone: '+33612345678',
  })
  const marc = await insertLead(db, market.id, {
    firstName: 'Marc',
    lastName: 'Dupont',
    phone: '+33698765432',
  })
  const activity = (
    kind: 'signed-in' | 'signed-out' | 'sheet-viewed' | 'sheet-left',
    time: string,
    leadId: number | null = null,
    data = {},
  ) => db.insert(userActivityEvents).values({ userId: me.id, kind, leadId, at: at(time), data })
  const event = (
    leadId: number,
    kind: 'assignment' | 'comment' | 'appointment',
    time: string,
    data: Record<string, unknown>,
  ) => db.insert(leadEvents).values({ leadId, userId: me.id, kind, data, createdAt: at(time) })
  const outcome = (leadId: number, label: string, time: string, callId: number) =>
    db.insert(leadTags).values({
      leadId,
      userId: me.id,
      callId,
      callProcessTagId: tag(label).id,
      label,
      step: 1,
      status: tag(label).status ?? 'NEW',
      createdAt: at(time),
    })
  // The day before and the day after (Paris) are not this day's.
  await db
    .insert(userActivityEvents)
    .values({ userId: me.id, kind: 'signed-in', at: new Date('2026-03-09T22:59:59Z') })
  await db
    .insert(userActivityEvents)
    .values({ userId: me.id, kind: 'signed-in', at: new Date('2026-03-10T23:00:00Z') })

  await activity('signed-in', '07:55:00')
  await event(helene.id, 'assignment', '08:00:00', { action: 'assigned', via: 'find' })
  await activity('sheet-viewed', '08:00:05', helene.id)
  const call1 = await insertCall(db, {
    userId: me.id,
    leadId: helene.id,
    phoneNumber: '+33612345678',
    startedAt: at('08:01:00'),
    answeredAt: at('08:01:20'),
    endedAt: at('08:04:20'),
    status: 'done',
  })
  await outcome(helene.id, 'Rappeler', '08:05:00', call1.id)
  await activity('sheet-left', '08:05:30', helene.id)
  await event(marc.id, 'assignment', '08:06:00', { action: 'assigned', via: 'pick' })
  await activity('sheet-viewed', '08:06:10', marc.id)
  const call2 = await insertCall(db, {
    userId: me.id,
    leadId: marc.id,
    phoneNumber: '+33698765432',
    startedAt: at('08:07:00'),
    endedAt: at('08:07:30'),
    status: 'done',
  })
  await event(marc.id, 'comment', '08:08:00', { comment: 'Messagerie' })
  await outcome(marc.id, 'Suite', '08:10:00', call2.id)
  await activity('sheet-left', '08:10:30', marc.id)
  await event(helene.id, 'appointment', '08:40:00', {
    action: 'booked',
    startsAt: '2026-03-12T09:00:00.000Z',
  })
  await activity('signed-out', '08:45:00', null, { reason: 'logout' })
  return { helene, marc }
}

describe('the timeline of a scripted day', () => {
  it('lists the day in order with durations, the day bar and the summary', async () => {
    const { helene, marc } = await scriptDay()
    const day = await timelineOf(me.id, '?day=2026-03-10')
    expect(day.user).toEqual({ id: me.id, firstName: me.firstName, lastName: me.lastName })
    expect(day.events.map((e) => [e.kind, e.at.slice(11, 19), e.lead?.lastName ?? null])).toEqual([
      ['signed-in', '07:55:00', null],
      ['lead-taken', '08:00:00', 'Lefèvre'],
      ['sheet-viewed', '08:00:05', 'Lefèvre'],
      ['call-started', '08:01:00', 'Lefèvre'],
      ['call-answered', '08:01:20', 'Lefèvre'],
      ['call-ended', '08:04:20', 'Lefèvre'],
      ['tag', '08:05:00', 'Lefèvre'],
      ['lead-taken', '08:06:00', 'Dupont'],
      ['sheet-viewed', '08:06:10', 'Dupont'],
      ['call-started', '08:07:00', 'Dupont'],
      ['call-ended', '08:07:30', 'Dupont'],
      ['comment', '08:08:00', 'Dupont'],
      ['tag', '08:10:00', 'Dupont'],
      ['appointment', '08:40:00', 'Lefèvre'],
      ['signed-out', '08:45:00', null],
    ])
    const byId = (kind: string, leadId: number) =>
      day.events.find((e) => e.kind === kind && e.lead?.id === leadId)!
    expect(byId('lead-taken', helene.id).detail).toBe('find')
    expect(byId('lead-taken', marc.id).detail).toBe('pick')
    expect(byId('sheet-viewed', helene.id).durationSeconds).toBe(325)
    expect(byId('sheet-viewed', marc.id).durationSeconds).toBe(260)
    expect(byId('call-ended', helene.id)).toMatchObject({
      durationSeconds: 200,
      talkSeconds: 180,
      phone: '+33612345678',
    })
    expect(byId('call-ended', marc.id)).toMatchObject({
      durationSeconds: 30,
      talkSeconds: null,
      direction: 'outbound',
    })
    expect(byId('tag', helene.id).outcome).toEqual({ label: 'Rappeler', status: 'RECALL' })
    expect(byId('comment', marc.id).text).toBe('Messagerie')
    expect(byId('appointment', helene.id)).toMatchObject({
      detail: 'booked',
      appointmentAt: '2026-03-12T09:00:00.000Z',
    })
    expect(day.events.at(-1)!.detail).toBe('logout')
    expect(byId('tag', helene.id).lead).toEqual({
      id: helene.id,
      uuid: helene.uuid,
      firstName: 'Hélène',
      lastName: 'Lefèvre',
      phone: '+33612345678',
    })

    expect(day.segments.map((s) => [s.kind, s.start.slice(11, 19), s.end.slice(11, 19), s.answered])).toEqual(
      [
        ['sheet', '08:00:05', '08:05:30', null],
        ['call', '08:01:00', '08:04:20', true],
        ['sheet', '08:06:10', '08:10:30', null],
        ['call', '08:07:00', '08:07:30', false],
        ['idle', '08:10:30', '08:40:00', null],
      ],
    )
    expect(day.summary).toEqual({
      firstAt: '2026-03-10T07:55:00.000Z',
      lastAt: '2026-03-10T08:45:00.000Z',
      calls: 2,
      answered: 1,
      talkSeconds: 180,
      sheetSeconds: 585,
      idleSeconds: 1770,
      idleGaps: 1,
      tags: 2,
      appointments: 1,
    })
    expect(day.total).toBe(15)
    expect(day.idleGapMinutes).toBe(15)
  })

  it('searches by lead name without accents, by phone in any writing and by outcome', async () => {
    await scriptDay()
    const kinds = async (search: string) =>
      (await timelineOf(me.id, `?day=2026-03-10&search=${encodeURIComponent(search)}`)).events.map(
        (e) => `${e.kind}:${e.lead?.lastName ?? '-'}`,
      )
    const helene = [
      'lead-taken:Lefèvre',
      'sheet-viewed:Lefèvre',
      'call-started:Lefèvre',
      'call-answered:Lefèvre',
      'call-ended:Lefèvre',
      'tag:Lefèvre',
      'appointment:Lefèvre',
    ]
    expect(await kinds('lefevre')).toEqual(helene)
    expect(await kinds('HELENE lefe')).toEqual(helene)
    expect(await kinds('Hélène')).toEqual(helene)
    const marc = [
      'lead-taken:Dupont',
      'sheet-viewed:Dupont',
      'call-started:Dupont',
      'call-ended:Dupont',
      'comment:Dupont',
      'tag:Dupont',
    ]
    expect(await kinds('06 98 76 54 32')).toEqual(marc)
    expect(await kinds('+33698765432')).toEqual(marc)
    expect(await kinds('8765')).toEqual(marc)
    expect(await kinds('rappeler')).toEqual(['tag:Lefèvre'])
    expect(await kinds('personne')).toEqual([])
    // The search filters the list, never the day bar nor the count of the day.
    const searched = await timelineOf(me.id, '?day=2026-03-10&search=rappeler')
    expect(searched.total).toBe(15)
    expect(searched.segments).toHaveLength(5)
    expect(searched.search).toBe('rappeler')
  })

  it('keeps to the Paris day, a DST day included', async () => {
    const { db } = t.database
    const instants = [
      '2026-03-09T22:59:59Z', // 23:59:59 on the 9th in Paris
      '2026-03-09T23:00:00Z', // midnight of the 10th
      '2026-03-10T22:59:59Z', // 23:59:59 on the 10th
      '2026-03-10T23:00:00Z', // midnight of the 11th
      // 29 March 2026: clocks go forward, the day lasts 23 hours (23:00Z on the 28th to 22:00Z).
      '2026-03-28T22:59:59Z',
      '2026-03-28T23:00:00Z',
      '2026-03-29T21:59:59Z',
      '2026-03-29T22:00:00Z',
    ]
    for (const instant of instants)
      await db.insert(userActivityEvents).values({ userId: me.id, kind: 'signed-in', at: new Date(instant) })
    const ats = async (day: string) => (await timelineOf(me.id, `?day=${day}`)).events.map((e) => e.at)
    expect(await ats('2026-03-10')).toEqual(['2026-03-09T23:00:00.000Z', '2026-03-10T22:59:59.000Z'])
    expect(await ats('2026-03-29')).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.000Z'])
    expect(await ats('2026-03-30')).toEqual(['2026-03-29T22:00:00.000Z'])
  })

  it('refuses a day that is not a date', async () => {
    for (const day of ['2026-02-30', '10/03/2026', 'hier']) {
      const res = await manager.request({ method: 'GET', url: `/api/user/${me.id}/timeline?day=${day}` })
      expect(res.statusCode, day).toBe(400)
    }
  })
})

describe('what the routes record', () => {
  it('sign-in, lead taken, sheet viewed once, comment, sheet left and sign-out, in today’s timeline', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
    const lead = await insertLead(db, market.id, { firstName: 'Zoé', lastName: 'Éluard' })
    const found = await agent.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    expect(found.json().redirect).toBe(`/lead/${lead.uuid}`)
    for (let i = 0; i < 2; i++) {
      const viewed = await agent.request({
        method: 'POST',
        url: '/api/users/view-lead-page',
        payload: { leadId: lead.id },
      })
      expect(viewed.statusCode).toBe(200)
    }
    const commented = await agent.request({
      method: 'PUT',
      url: `/api/lead/${lead.id}/comment`,
      payload: { comment: 'Rappeler lundi' },
    })
    expect(commented.statusCode).toBe(200)
    await agent.request({ method: 'POST', url: '/api/users/quit-lead-page', payload: { leadId: lead.id } })
    // A late quit of a sheet already left records nothing more.
    await agent.request({ method: 'POST', url: '/api/users/quit-lead-page', payload: { leadId: lead.id } })
    await agent.request({ method: 'POST', url: '/api/logout' })

    const rows = await db
      .select()
      .from(userActivityEvents)
      .where(eq(userActivityEvents.userId, me.id))
      .orderBy(asc(userActivityEvents.id))
    expect(rows.map((row) => [row.kind, row.leadId, row.data])).toEqual([
      ['signed-in', null, {}],
      ['sheet-viewed', lead.id, {}],
      ['sheet-left', lead.id, {}],
      ['signed-out', null, { reason: 'logout' }],
    ])
    const day = await timelineOf(me.id, '?search=eluard')
    expect(day.events.map((e) => e.kind)).toEqual(['lead-taken', 'sheet-viewed', 'comment'])
    expect(day.events[2]!.text).toBe('Rappeler lundi')
    const whole = await timelineOf(me.id)
    expect(whole.events.map((e) => e.kind)).toEqual([
      'signed-in',
      'lead-taken',
      'sheet-viewed',
      'comment',
      'signed-out',
    ])
  })

  it('a lapsed session is a sign-out at the moment it lapsed', async () => {
    const { db } = t.database
    const idleMs = t.app.config.sessionIdleMs
    const lastSeen = new Date(Date.now() - idleMs - 60_000)
    await db.update(sessions).set({ lastSeenAt: lastSeen }).where(eq(sessions.userId, me.id))
    const res = await agent.request({ method: 'GET', url: '/api/user/me' })
    expect(res.statusCode).toBe(401)
    const [out] = await db.select().from(userActivityEvents).where(eq(userActivityEvents.kind, 'signed-out'))
    expect(out).toMatchObject({ userId: me.id, data: { reason: 'expired' } })
    expect(out!.at.getTime()).toBe(lastSeen.getTime() + idleMs)
  })

  it('an administrator deactivating a user ends their sessions, recorded as ended', async () => {
    const res = await admin.request({ method: 'POST', url: `/api/user/${me.id}/deactivate` })
    expect(res.statusCode).toBe(200)
    const outs = await t.database.db
      .select()
      .from(userActivityEvents)
      .where(eq(userActivityEvents.kind, 'signed-out'))
    expect(outs.map((row) => [row.userId, row.data])).toEqual([[me.id, { reason: 'ended' }]])
  })
})

describe('who may read whose timeline', () => {
  it('the agent themself, a manager their teams’ members, an administrator anyone; others as nobody', async () => {
    const { other, manager: boss } = t.users
    expect((await timelineOf(me.id, '', agent)).user.id).toBe(me.id)
    expect((await timelineOf(me.id, '', manager)).user.id).toBe(me.id)
    expect((await timelineOf(boss.id, '', manager)).user.id).toBe(boss.id)
    expect((await timelineOf(other.id, '', admin)).user.id).toBe(other.id)
    for (const [as, userId] of [
      [agent, other.id],
      [manager, other.id],
      [outsider, me.id],
    ] as const) {
      const res = await as.request({ method: 'GET', url: `/api/user/${userId}/timeline` })
      // Issue #26: the answer for a user that does not exist.
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Utilisateur introuvable.' } })
    }
    const missing = await admin.request({ method: 'GET', url: '/api/user/999999/timeline' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Utilisateur introuvable.' } })
  })

  it('names only the leads the reader may see', async () => {
    const { db } = t.database
    const { market } = await insertMission(db, { userIds: [t.users.other.id] })
    const lead = await insertLead(db, market.id, { firstName: 'Secret', lastName: 'Caché' })
    await insertCall(db, {
      userId: me.id,
      leadId: lead.id,
      phoneNumber: lead.phone,
      endedAt: new Date(),
      status: 'done',
    })
    const seen = await timelineOf(me.id, '', admin)
    expect(seen.events.find((e) => e.kind === 'call-started')!.lead?.lastName).toBe('Caché')
    // A comment on it: its words can name the person, so a reader who may not see the lead gets none.
    await db.insert(leadEvents).values({
      leadId: lead.id,
      userId: me.id,
      kind: 'comment',
      data: { comment: 'Mme Caché rappelle au 06 12 34 56 78' },
    })
    const hidden = (await timelineOf(me.id, '', manager)).events.find((e) => e.kind === 'call-started')!
    expect(hidden).toMatchObject({ lead: null, leadHidden: true, phone: null })
    const comment = (await timelineOf(me.id, '', manager)).events.find((e) => e.kind === 'comment')!
    expect(comment).toMatchObject({ lead: null, leadHidden: true, text: null })
    expect((await timelineOf(me.id, '', admin)).events.find((e) => e.kind === 'comment')!.text).toBe(
      'Mme Caché rappelle au 06 12 34 56 78',
    )
    expect((await timelineOf(me.id, '?search=cache', manager)).events).toEqual([])
  })

  it('offers the agents each reader may choose', async () => {
    const ids = async (as: typeof manager) => {
      const res = await as.request({ method: 'GET', url: '/api/timeline/agents' })
      expect(res.statusCode).toBe(200)
      return (res.json() as { id: number }[]).map((agentRow) => agentRow.id).sort((a, b) => a - b)
    }
    const { teleop, other, manager: boss, outsider: lone } = t.users
    expect(await ids(manager)).toEqual([teleop.id, boss.id].sort((a, b) => a - b))
    expect(await ids(outsider)).toEqual([lone.id])
    expect(await ids(admin)).toEqual([teleop.id, other.id, boss.id, lone.id].sort((a, b) => a - b))
    // A manager of a second team follows its members too.
    const extra = await insertUser(t.database.db, { role: 'TELEOPERATOR' })
    await insertTeam(t.database.db, 'Équipe B', [extra.id, lone.id])
    expect(await ids(outsider)).toEqual([lone.id, extra.id].sort((a, b) => a - b))
    expect((await agent.request({ method: 'GET', url: '/api/timeline/agents' })).statusCode).toBe(403)
  })
})
