import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { catalogueTag, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { auditEntries, callProcessTags, leadTags, leads, missions } from '../../db/schema.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop } = t.agents

type Outcome = { id: number; tagId: number; nextStep: number | null }
type Step = {
  id: number
  number: number
  title: string
  script: string
  leadCount: number
  outcomes: Outcome[]
}
type Detail = { id: number; name: string; version: number; archivedAt: string | null; steps: Step[] }

async function detail(id: number): Promise<Detail> {
  const res = await admin.request({ url: `/api/call-process/${id}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The body that saves a process as it is (steps by id, outcomes by tag). */
function bodyOf(process: Detail) {
  return {
    name: process.name,
    version: process.version,
    steps: process.steps.map((step) => ({
      id: step.id,
      title: step.title,
      script: step.script,
      outcomes: step.outcomes.map(({ tagId, nextStep }) => ({ tagId, nextStep })),
    })),
  }
}

const save = (id: number, payload: object) =>
  admin.request({ method: 'PUT', url: `/api/call-process/${id}`, payload })

async function endingTag(label = 'Fin') {
  return catalogueTag(t.database.db, { label, status: 'NOT_INTERESTED' })
}

describe('creating and reading', () => {
  it('creates a process with its steps and outcomes, lists it, reads it back', async () => {
    const end = await endingTag()
    const next = await catalogueTag(t.database.db, {
      label: 'Suite',
      status: 'IN_PROGRESS',
      endsProcessing: false,
    })
    const res = await admin.request({
      method: 'POST',
      url: '/api/call-processes',
      payload: {
        name: ' Énergie ',
        steps: [
          { title: 'Accueil', script: 'Bonjour [prénom]', outcomes: [{ tagId: next.id, nextStep: 2 }] },
          { title: 'Clôture', script: '', outcomes: [{ tagId: end.id, nextStep: null }] },
        ],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json() as Detail
    expect(created).toMatchObject({ name: 'Énergie', version: 1, archivedAt: null, missions: [] })
    expect(created.steps.map((step) => [step.number, step.title, step.outcomes.length])).toEqual([
      [1, 'Accueil', 1],
      [2, 'Clôture', 1],
    ])
    const list = (await manager.request({ url: '/api/call-processes?search=ENERGIE' })).json()
    expect(list).toMatchObject({
      total: 1,
      items: [{ id: created.id, stepCount: 2, leadCount: 0, missions: [] }],
    })
    const taken = await admin.request({
      method: 'POST',
      url: '/api/call-processes',
      payload: {
        name: 'energie',
        steps: [{ title: 'A', script: '', outcomes: [{ tagId: end.id, nextStep: null }] }],
      },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.fields.name).toBe('Un process d’appel porte déjà ce nom.')
  })

  it('refuses what processProblems refuses, with French messages by field, and saves nothing', async () => {
    const goOn = await catalogueTag(t.database.db, {
      label: 'Suite',
      status: 'IN_PROGRESS',
      endsProcessing: false,
    })
    const retired = await catalogueTag(t.database.db, {
      label: 'Ancien',
      status: 'RECALL',
      endsProcessing: false,
    })
    await admin.request({ method: 'POST', url: `/api/tag/${retired.id}/retire`, payload: { version: 1 } })
    const res = await admin.request({
      method: 'POST',
      url: '/api/call-processes',
      payload: {
        name: 'Invalide',
        steps: [
          {
            title: 'Accueil',
            script: '',
            outcomes: [
              { tagId: goOn.id, nextStep: 3 },
              { tagId: goOn.id, nextStep: null },
            ],
          },
          {
            title: 'Fin',
            script: '',
            outcomes: [
              { tagId: retired.id, nextStep: null },
              { tagId: 999999, nextStep: null },
            ],
          },
        ],
      },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.fields).toEqual({
      'steps.0.outcomes.0.nextStep': 'L’étape suivante n’existe pas.',
      'steps.0.outcomes.1.tagId': 'Ce tag est déjà proposé à cette étape.',
      'steps.1.outcomes.0.tagId': 'Ce tag est retiré : choisissez-en un autre.',
      'steps.1.outcomes.1.tagId': 'Ce tag n’existe pas.',
      'steps.1.outcomes': 'La dernière étape propose au moins une issue qui termine le traitement.',
    })
    const empty = await admin.request({
      method: 'POST',
      url: '/api/call-processes',
      payload: { name: 'X', steps: [] },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields.steps).toBe('Le process d’appel a au moins une étape.')
    expect((await admin.request({ url: '/api/call-processes?includeArchived=true' })).json().total).toBe(0)
  })
})

describe('saving a process leads are in', () => {
  it('renumbers the steps in the body order: leads follow their step, outcomes keep their ids', async () => {
    const { db } = t.database
    const { mission, market, tags } = await insertMission(db)
    const atOne = await insertLead(db, market.id, { step: 1 })
    const atTwo = await insertLead(db, market.id, { step: 2 })
    const before = await detail(mission.callProcessId!)
    const body = bodyOf(before)
    // Step 2 first; the outcome "Suite" (step 1 → 2) now points to the old step 1's new number, 2.
    body.steps.reverse()
    body.steps[1]!.outcomes[0]!.nextStep = 1
    body.steps[0]!.outcomes[0]!.nextStep = 2
    body.steps[0]!.outcomes[0] = { tagId: body.steps[0]!.outcomes[0]!.tagId, nextStep: null }
    const res = await save(mission.callProcessId!, body)
    expect(res.statusCode, res.body).toBe(200)
    const after = res.json() as Detail
    expect(after.version).toBe(2)
    expect(after.steps.map((step) => [step.id, step.number])).toEqual([
      [before.steps[1]!.id, 1],
      [before.steps[0]!.id, 2],
    ])
    expect(after.steps[1]!.outcomes.map((outcome) => outcome.id)).toEqual(
      before.steps[0]!.outcomes.map((o) => o.id),
    )
    expect(after.steps[1]!.outcomes.map((outcome) => outcome.id)).toContain(tags[0]!.id)
    const steps = async (id: number) => (await db.select().from(leads).where(eq(leads.id, id)))[0]!.step
    expect(await steps(atOne.id)).toBe(2)
    expect(await steps(atTwo.id)).toBe(1)
    expect(after.steps.map((step) => step.leadCount)).toEqual([1, 1])
    const [entry] = await db.select().from(auditEntries).where(eq(auditEntries.entity, 'callProcess'))
    expect(entry).toMatchObject({ action: 'update', after: { movedLeads: 2 } })
  })

  it('refuses to strand the leads of a removed step (409 STRANDED_LEADS), then moves them where asked', async () => {
    const { db } = t.database
    const { mission, market, tags } = await insertMission(db, { userIds: [t.users.teleop.id] })
    const stuck = await insertLead(db, market.id, { step: 1 })
    // A lead tag names step 1's "Rappeler": the outcome must survive, detached, for its history.
    await db.insert(leadTags).values({
      leadId: stuck.id,
      callProcessTagId: tags[1]!.id,
      label: 'Rappeler',
      step: 1,
      status: 'RECALL',
    })
    const before = await detail(mission.callProcessId!)
    const body = { ...bodyOf(before), steps: [bodyOf(before).steps[1]!] }
    const refused = await save(mission.callProcessId!, body)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      error: { code: 'STRANDED_LEADS', fields: { 'reassign.1': expect.any(String) } },
      strandedSteps: [{ number: 1, title: 'Étape 1', leadCount: 1 }],
    })
    expect((await detail(mission.callProcessId!)).steps).toHaveLength(2)

    const badTarget = await save(mission.callProcessId!, { ...body, reassign: { '1': 5 } })
    expect(badTarget.statusCode).toBe(422)
    expect(badTarget.json().error.fields['reassign.1']).toBe('Choisissez une étape entre 1 et 1.')

    const accepted = await save(mission.callProcessId!, { ...body, reassign: { '1': 1 } })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((accepted.json() as Detail).steps.map((step) => [step.id, step.number, step.leadCount])).toEqual([
      [before.steps[1]!.id, 1, 1],
    ])
    expect((await db.select().from(leads).where(eq(leads.id, stuck.id)))[0]!.step).toBe(1)
    const outcomes = await db.select().from(callProcessTags)
    // "Rappeler" kept detached (a lead tag names it); "Suite" deleted; "RDV pris" still on its step.
    expect(outcomes.map((o) => [o.id, o.stepId])).toEqual(
      expect.arrayContaining([
        [tags[1]!.id, null],
        [tags[2]!.id, before.steps[1]!.id],
      ]),
    )
    expect(outcomes.map((o) => o.id)).not.toContain(tags[0]!.id)
  })

  it('refuses a stale version with the process as it is now', async () => {
    const { mission } = await insertMission(t.database.db)
    const body = bodyOf(await detail(mission.callProcessId!))
    expect((await save(mission.callProcessId!, { ...body, name: 'Nouveau nom' })).statusCode).toBe(200)
    const stale = await save(mission.callProcessId!, { ...body, name: 'Autre nom' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { name: 'Nouveau nom', version: 2 },
    })
  })

  it('refuses a step id of another process', async () => {
    const a = await insertMission(t.database.db)
    const b = await insertMission(t.database.db)
    const body = bodyOf(await detail(a.mission.callProcessId!))
    body.steps[0]!.id = b.steps[0]!.id
    const res = await save(a.mission.callProcessId!, body)
    expect(res.statusCode).toBe(422)
    expect(res.json().error.fields['steps.0.id']).toBe('Cette étape n’appartient pas à ce process d’appel.')
  })
})

describe('duplicating and archiving', () => {
  it('duplicates a process under a new name, with new outcome ids', async () => {
    const { mission } = await insertMission(t.database.db)
    const source = await detail(mission.callProcessId!)
    const res = await admin.request({
      method: 'POST',
      url: `/api/call-process/${source.id}/duplicate`,
      payload: { name: 'Copie' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const copy = res.json() as Detail
    expect(copy).toMatchObject({ name: 'Copie', version: 1 })
    const shape = (process: Detail) =>
      process.steps.map((step) => [step.title, step.outcomes.map((o) => [o.tagId, o.nextStep])])
    expect(shape(copy)).toEqual(shape(source))
    expect(copy.steps[0]!.outcomes[0]!.id).not.toBe(source.steps[0]!.outcomes[0]!.id)
    const taken = await admin.request({
      method: 'POST',
      url: `/api/call-process/${source.id}/duplicate`,
      payload: { name: 'copie' },
    })
    expect(taken.statusCode).toBe(409)
  })

  it('refuses to archive a process an active mission uses; archives and restores it once unused', async () => {
    const { db } = t.database
    const { mission } = await insertMission(db, { name: 'Solaire' })
    const id = mission.callProcessId!
    const refused = await admin.request({
      method: 'POST',
      url: `/api/call-process/${id}/archive`,
      payload: { version: 1 },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toContain('« Solaire »')
    await db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, mission.id))
    const archived = await admin.request({
      method: 'POST',
      url: `/api/call-process/${id}/archive`,
      payload: { version: 1 },
    })
    expect(archived.json()).toMatchObject({ version: 2, archivedAt: expect.any(String) })
    expect((await admin.request({ url: '/api/call-processes' })).json().total).toBe(0)
    const body = { ...bodyOf(await detail(id)) }
    expect((await save(id, body)).statusCode).toBe(409)
    const restored = await admin.request({
      method: 'POST',
      url: `/api/call-process/${id}/restore`,
      payload: { version: 2 },
    })
    expect(restored.json()).toMatchObject({ version: 3, archivedAt: null })
  })
})

describe('access', () => {
  it('lets administrators write, managers read, teleoperators nothing', async () => {
    const { mission } = await insertMission(t.database.db)
    const id = mission.callProcessId!
    expect((await manager.request({ url: `/api/call-process/${id}` })).statusCode).toBe(200)
    expect((await manager.request({ url: '/api/call-processes' })).statusCode).toBe(200)
    expect((await teleop.request({ url: '/api/call-processes' })).statusCode).toBe(403)
    expect((await teleop.request({ url: `/api/call-process/${id}` })).statusCode).toBe(403)
    const body = bodyOf(await detail(id))
    for (const agent of [manager, teleop]) {
      expect(
        (await agent.request({ method: 'PUT', url: `/api/call-process/${id}`, payload: body })).statusCode,
      ).toBe(403)
      const dup = {
        method: 'POST' as const,
        url: `/api/call-process/${id}/duplicate`,
        payload: { name: 'Copie' },
      }
      expect((await agent.request(dup)).statusCode).toBe(403)
      const post = {
        method: 'POST' as const,
        url: '/api/call-processes',
        payload: { name: 'N', steps: body.steps },
      }
      expect((await agent.request(post)).statusCode).toBe(403)
    }
  })
})
