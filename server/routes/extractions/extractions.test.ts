// Lead extractions (issue #13): the filters, the CSV as French Excel opens it, who may extract what,
// and the record of every extraction. The background path: extractions-background.test.ts.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { appointments, auditEntries, extractions, leadTags, markets } from '../../db/schema.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { csvRowsBothWays, MULTI_LINE_COMMENTS } from '../../../tests/setup/csv-readers.ts'
import type { ExtractionBodyInput, ExtractionFiltersInput } from '../../../src/contracts/extractions.ts'

// `manager` manages the team of `teleop`, to which mission A is opened; `other` works on mission B,
// which is not opened to it.
const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {}, other: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop } = t.agents
const DAY = 86_400_000

const count = async (who: Agent, filters: ExtractionFiltersInput = {}) => {
  const response = await who.request({ method: 'POST', url: '/api/extractions/count', payload: { filters } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().count as number
}
const extract = (who: Agent, body: Partial<ExtractionBodyInput>) =>
  who.request({
    method: 'POST',
    url: '/api/extractions',
    payload: { filters: {}, columns: ['id', 'lastName'], format: 'csv', ...body },
  })

/** Mission A (teleop's) with three leads, mission B (other's) with one; outcomes, calls, appointment. */
async function seed() {
  const { db } = t.database
  const a = await insertMission(db, { name: 'Alpha', userIds: [t.users.teleop.id], teamIds: [t.teamId] })
  const b = await insertMission(db, { name: 'Bêta', userIds: [t.users.other.id] })
  const [north] = await db.insert(markets).values({ missionId: a.mission.id, name: 'Nord' }).returning()
  const eloise = await insertLead(db, a.market.id, {
    firstName: 'Éloïse',
    lastName: '=HYPERLINK("http://x")',
    phone: '+33612345678',
    city: 'Saint-Étienne; Loire',
    comment: 'Ligne 1\nligne 2 "citée"',
    status: 'RECALL',
    substatus: 'CALLBACK_REQUESTED',
    step: 2,
    integrationMonth: '2026-03-01',
    meetRequestDate: new Date('2026-03-10T09:00:00Z'),
  })
  const held = await insertLead(db, north!.id, {
    lastName: 'Tenu',
    processingUserId: t.users.teleop.id,
    processingSince: new Date(),
    meetRequestDate: new Date('2026-04-02T09:00:00Z'),
  })
  const old = await insertLead(db, a.market.id, {
    lastName: 'Ancien',
    status: 'APPOINTMENT',
    meetRequestDate: new Date(Date.now() - 90 * DAY),
  })
  const foreign = await insertLead(db, b.market.id, { lastName: 'Étranger' })
  await db.insert(leadTags).values({
    leadId: eloise.id,
    userId: t.users.other.id,
    callProcessTagId: a.tags[1]!.id,
    step: 1,
    status: 'RECALL',
  })
  await insertCall(db, {
    userId: t.users.teleop.id,
    leadId: eloise.id,
    startedAt: new Date('2026-03-11T10:00:00Z'),
  })
  await insertCall(db, {
    userId: t.users.teleop.id,
    leadId: eloise.id,
    startedAt: new Date('2026-03-12T10:00:00Z'),
  })
  const startsAt = new Date('2026-05-04T08:00:00Z')
  await db.insert(appointments).values({
    leadId: old.id,
    missionId: a.mission.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
  })
  return { a, b, north: north!, eloise, held, old, foreign, rappeler: a.tags[1]! }
}

describe('extraction filters', () => {
  it('each filter narrows the count to the leads it names', async () => {
    const s = await seed()
    expect(await count(admin)).toBe(4)
    expect(await count(admin, { missionIds: [s.b.mission.id] })).toBe(1)
    expect(await count(admin, { marketIds: [s.north.id] })).toBe(1)
    expect(await count(admin, { statuses: ['RECALL', 'APPOINTMENT'] })).toBe(2)
    expect(await count(admin, { substatuses: ['CALLBACK_REQUESTED'] })).toBe(1)
    expect(await count(admin, { steps: [2] })).toBe(1)
    expect(await count(admin, { integrationMonths: ['2026-03'] })).toBe(1)
    expect(await count(admin, { meetRequest: { from: '2026-03-10', to: '2026-04-02' } })).toBe(2)
    expect(await count(admin, { meetRequest: { from: '2026-03-11', to: '2026-06-30' } })).toBe(1)
    const today = new Date().toISOString().slice(0, 10)
    expect(await count(admin, { lastActivity: { from: today } })).toBe(4)
    expect(await count(admin, { lastActivity: { to: '2020-01-01' } })).toBe(0)
    // The holder, else the author of the last outcome.
    expect(await count(admin, { processingUserIds: [t.users.teleop.id] })).toBe(1)
    expect(await count(admin, { processingUserIds: [t.users.other.id] })).toBe(1)
    expect(await count(admin, { lastOutcomeTagIds: [s.rappeler.tagId] })).toBe(1)
    expect(await count(admin, { appointment: { from: '2026-05-04', to: '2026-05-04' } })).toBe(1)
    expect(await count(admin, { appointment: { from: '2026-05-05' } })).toBe(0)
    // Leads are kept 60 days: only mission B's lead (10 days old) is still active.
    expect(await count(admin, { expiry: 'active' })).toBe(1)
    expect(await count(admin, { expiry: 'expired', missionIds: [s.a.mission.id] })).toBe(3)
  })

  it('refuses bad filters in French, recording nothing', async () => {
    const reversed = await admin.request({
      method: 'POST',
      url: '/api/extractions/count',
      payload: { filters: { meetRequest: { from: '2026-05-02', to: '2026-05-01' } } },
    })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.body).toContain('La date de début doit précéder la date de fin.')
    const noColumn = await extract(admin, { columns: [] })
    expect(noColumn.statusCode).toBe(400)
    expect(noColumn.body).toContain('Choisissez au moins une colonne.')
    expect((await extract(admin, { format: 'pdf' as 'csv' })).statusCode).toBe(400)
    expect(await t.database.db.select().from(extractions)).toEqual([])
  })
})

describe('the streamed CSV', () => {
  it('quotes every cell holding a line break (LF, CRLF, CR): one row per lead for every reader (issue #30)', async () => {
    const { market } = await insertMission(t.database.db)
    for (const [index, comment] of MULTI_LINE_COMMENTS.entries())
      await insertLead(t.database.db, market.id, { lastName: `Lignes${index}`, comment })
    const response = await extract(admin, { columns: ['lastName', 'comment'] })
    expect(response.statusCode, response.body).toBe(200)
    const read = csvRowsBothWays(response.rawPayload.toString('utf8'))
    expect(read).toEqual([['Nom', 'Commentaire'], ...MULTI_LINE_COMMENTS.map((c, i) => [`Lignes${i}`, c])])
  })

  it('is UTF-8 with BOM, `;` and CRLF, French headers, accents kept, formulas neutralised, phones as phones', async () => {
    const s = await seed()
    const response = await extract(admin, {
      filters: { missionIds: [s.a.mission.id], statuses: ['RECALL'] },
      columns: [
        'firstName',
        'lastName',
        'phone',
        'city',
        'comment',
        'status',
        'lastOutcome',
        'callCount',
        'lastCallDate',
        'processingUser',
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="extraction-\d{4}-\d{2}-\d{2}-\d+\.csv"$/,
    )
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.split('\r\n')).toEqual([
      'Prénom;Nom;Téléphone;Ville;Commentaire;Statut;Dernier tag;Nombre d’appels;Dernier appel;Traité par',
      `Éloïse;"'=HYPERLINK(""http://x"")";06 12 34 56 78;"Saint-Étienne; Loire";"Ligne 1\nligne 2 ""citée""";À rappeler;Rappeler;2;12/03/2026 11:00;${t.users.other.firstName} ${t.users.other.lastName}`,
      '',
    ])

    const [row] = await t.database.db.select().from(extractions)
    expect(row).toMatchObject({ createdBy: t.users.admin.id, state: 'streamed', rowCount: 1, format: 'csv' })
    expect(row!.filters).toMatchObject({ missionIds: [s.a.mission.id], statuses: ['RECALL'] })
    expect(row!.columns).toHaveLength(10)
    const audit = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entity, 'extraction'))
    expect(audit).toEqual([
      expect.objectContaining({ userId: t.users.admin.id, entityId: row!.id, action: 'extract' }),
    ])
    const history = (await admin.request({ url: '/api/extractions' })).json()
    expect(history.items).toEqual([
      expect.objectContaining({ id: row!.id, state: 'streamed', rowCount: 1, downloadable: false }),
    ])
    expect((await admin.request({ url: `/api/extractions/${row!.id}/file` })).statusCode).toBe(409)
  })
})

describe('who may extract', () => {
  it('gives a manager the leads of the missions opened to their teams only; another one is refused', async () => {
    const s = await seed()
    expect(await count(manager)).toBe(3)
    // Issue #26: naming a mission (or a market of one) they do not see answers like a missing one.
    for (const filters of [{ missionIds: [s.b.mission.id] }, { marketIds: [s.b.market.id] }]) {
      const refused = await manager.request({
        method: 'POST',
        url: '/api/extractions/count',
        payload: { filters },
      })
      expect(refused.statusCode).toBe(404)
    }
    const file = await extract(manager, { columns: ['lastName', 'mission'] })
    expect(file.statusCode).toBe(200)
    expect(file.body).toContain('Alpha')
    expect(file.body).not.toContain('Étranger')
    expect(file.body).not.toContain('Bêta')
    const named = await extract(manager, { filters: { missionIds: [s.b.mission.id] }, columns: ['lastName'] })
    expect(named.statusCode).toBe(404)
    expect(named.json().error).toEqual({ code: 'NOT_FOUND', message: 'Mission introuvable.' })

    const options = (await manager.request({ url: '/api/extractions/options' })).json()
    expect(options.missions).toEqual([{ id: s.a.mission.id, name: 'Alpha' }])
    expect(options.markets.map((m: { name: string }) => m.name).sort()).toEqual(['Marché', 'Nord'])
    expect((await admin.request({ url: '/api/extractions/options' })).json().missions).toHaveLength(2)

    // A manager's history holds their own extractions; the administrator's are not theirs to read.
    await extract(admin, {})
    const mine = (await manager.request({ url: '/api/extractions' })).json()
    expect(mine.total).toBe(1)
    expect(mine.items.every((item: { user: { id: number } }) => item.user.id === t.users.manager.id)).toBe(
      true,
    )
    expect((await admin.request({ url: '/api/extractions' })).json().total).toBe(2)
    const [adminRow] = await t.database.db
      .select()
      .from(extractions)
      .where(eq(extractions.createdBy, t.users.admin.id))
    expect((await manager.request({ url: `/api/extractions/${adminRow!.id}/file` })).statusCode).toBe(404)
  })

  it('refuses teleoperators (403), recording nothing', async () => {
    await seed()
    const refused = await teleop.request({
      method: 'POST',
      url: '/api/extractions/count',
      payload: { filters: {} },
    })
    expect(refused.statusCode).toBe(403)
    expect((await extract(teleop, {})).statusCode).toBe(403)
    expect((await teleop.request({ url: '/api/extractions' })).statusCode).toBe(403)
    expect(await t.database.db.select().from(extractions)).toEqual([])
  })
})
