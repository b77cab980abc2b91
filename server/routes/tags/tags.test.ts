import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertHeldLeadWithEndedCall, insertMission } from '../../../tests/factories/leads.ts'
import { auditEntries, leads, leadTags, tags } from '../../db/schema.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
  team: ['manager', 'teleop'],
})
const { admin, manager, teleop } = t.agents

const fields: Record<string, unknown> = {
  label: 'Intéressé',
  color: '#1b7a3d',
  status: 'IN_PROGRESS',
  substatus: null,
  endsProcessing: false,
  requiresAppointment: false,
  asksRecallDate: false,
  withoutCall: false,
  recallDelayMinutes: null,
  experiencePoints: 10,
}

async function create(overrides: Partial<typeof fields> = {}) {
  const res = await admin.request({ method: 'POST', url: '/api/tags', payload: { ...fields, ...overrides } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

describe('the catalogue', () => {
  it('creates a tag, lists it with its usage and reads it back; search ignores case and accents', async () => {
    const tag = await create({ label: '  Intéressé ' })
    expect(tag).toMatchObject({ ...fields, version: 1, retiredAt: null, usageCount: 0 })
    const list = (await manager.request({ url: '/api/tags?search=INTERESSE' })).json()
    expect(list).toMatchObject({ total: 1, page: 1, items: [{ id: tag.id, label: 'Intéressé' }] })
    expect((await manager.request({ url: `/api/tag/${tag.id}` })).json()).toMatchObject({
      label: 'Intéressé',
    })
    expect((await admin.request({ url: '/api/tags?pageSize=501' })).statusCode).toBe(400)
  })

  it('refuses bad fields with French messages next to them, and changes nothing', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/tags',
      payload: { ...fields, label: ' ', color: 'vert', experiencePoints: -1, asksRecallDate: true },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toMatchObject({
      label: 'Le libellé du tag est obligatoire.',
      color: 'Choisissez une couleur (format #RRVVBB).',
      experiencePoints: 'Les points ne sont pas négatifs.',
    })
    const recall = await admin.request({
      method: 'POST',
      url: '/api/tags',
      payload: { ...fields, asksRecallDate: true },
    })
    expect(recall.json().error.fields).toEqual({
      recallDelayMinutes: 'Indiquez le délai proposé par défaut pour la date de rappel.',
    })
    expect((await admin.request({ url: '/api/tags' })).json().total).toBe(0)
  })

  it('keeps labels unique among active tags, without case or accents; a retired one frees its label', async () => {
    const first = await create()
    const twin = await admin.request({
      method: 'POST',
      url: '/api/tags',
      payload: { ...fields, label: 'INTERESSE' },
    })
    expect(twin.statusCode).toBe(409)
    expect(twin.json().error.fields.label).toBe('Un tag actif porte déjà ce libellé.')
    await admin.request({ method: 'POST', url: `/api/tag/${first.id}/retire`, payload: { version: 1 } })
    const second = await create({ label: 'interessé' })
    // Restoring the first now would give two active tags one label.
    const restore = await admin.request({
      method: 'POST',
      url: `/api/tag/${first.id}/restore`,
      payload: { version: 2 },
    })
    expect(restore.statusCode).toBe(409)
    const list = (await admin.request({ url: '/api/tags?includeRetired=true' })).json()
    expect(list.items.map((tag: { id: number }) => tag.id)).toEqual([second.id, first.id])
    expect((await admin.request({ url: '/api/tags' })).json().total).toBe(1)
  })

  it('edits with the version it was made from: a stale one gets 409 with the tag as it is now', async () => {
    const tag = await create()
    const edit = { ...fields, label: 'Très intéressé', experiencePoints: 20, version: 1 }
    const saved = await admin.request({ method: 'PUT', url: `/api/tag/${tag.id}`, payload: edit })
    expect(saved.json()).toMatchObject({ label: 'Très intéressé', experiencePoints: 20, version: 2 })
    const stale = await admin.request({
      method: 'PUT',
      url: `/api/tag/${tag.id}`,
      payload: { ...edit, label: 'X' },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { label: 'Très intéressé' },
    })
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entity, 'tag'))
      .orderBy(auditEntries.id)
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update'])
    expect(entries[1]).toMatchObject({
      before: { label: 'Intéressé', experiencePoints: 10 },
      after: { label: 'Très intéressé', experiencePoints: 20 },
    })
    const history = (await admin.request({ url: `/api/audit/tag/${tag.id}` })).json()
    expect(history.total).toBe(2)
  })

  it('deletes a tag nothing used; a used one is refused in French (retire it) and stays', async () => {
    const unused = await create({ label: 'Jamais servi' })
    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/tag/${unused.id}`,
      payload: { version: 1 },
    })
    expect(removed.json()).toEqual({ id: unused.id, deleted: true })
    expect((await admin.request({ url: `/api/tag/${unused.id}` })).statusCode).toBe(404)

    const { tags } = await insertMission(t.database.db)
    const used = (await admin.request({ url: `/api/tag/${tags[0]!.tagId}` })).json()
    expect(used.usageCount).toBe(1)
    const refused = await admin.request({
      method: 'DELETE',
      url: `/api/tag/${used.id}`,
      payload: { version: 1 },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toContain('retirez-le')
    expect((await admin.request({ url: `/api/tag/${used.id}` })).statusCode).toBe(200)
  })

  it('lets administrators write, managers read, teleoperators nothing', async () => {
    const tag = await create()
    expect((await teleop.request({ url: '/api/tags' })).statusCode).toBe(403)
    expect((await teleop.request({ url: `/api/tag/${tag.id}` })).statusCode).toBe(403)
    for (const agent of [manager, teleop]) {
      expect((await agent.request({ method: 'POST', url: '/api/tags', payload: fields })).statusCode).toBe(
        403,
      )
      const put = { method: 'PUT' as const, url: `/api/tag/${tag.id}`, payload: { ...fields, version: 1 } }
      expect((await agent.request(put)).statusCode).toBe(403)
      const retire = { method: 'POST' as const, url: `/api/tag/${tag.id}/retire`, payload: { version: 1 } }
      expect((await agent.request(retire)).statusCode).toBe(403)
    }
  })
})

describe('what agents see', () => {
  it('a renamed tag shows its new label on the lead sheet; the lead tag keeps the label it was tagged with', async () => {
    const { db } = t.database
    // Opened to the team, so its manager reads the sheet (issue #26).
    const held = await insertHeldLeadWithEndedCall(db, t.users.teleop.id, [t.teamId])
    const recall = held.tag('Rappeler')
    const tagged = await teleop.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId: held.lead.id, callProcessTagId: recall.id },
    })
    expect(tagged.statusCode, tagged.body).toBe(200)
    const tag = (await admin.request({ url: `/api/tag/${recall.tagId}` })).json()
    expect(tag.usageCount).toBe(2)
    const { id: _id, version, retiredAt: _r, usageCount: _u, ...current } = tag
    const renamed = await admin.request({
      method: 'PUT',
      url: `/api/tag/${tag.id}`,
      payload: { ...current, label: 'Rappeler demain', version },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const sheet = (await manager.request({ url: `/api/lead/${held.lead.id}` })).json()
    const labels = sheet.market.mission.callProcess.callProcessSteps[0].callProcessTags.map(
      (outcome: { label: string }) => outcome.label,
    )
    expect(labels).toEqual(['Suite', 'Rappeler demain'])
    const [leadTag] = await db.select().from(leadTags).where(eq(leadTags.leadId, held.lead.id))
    expect(leadTag!.label).toBe('Rappeler')
  })

  it('a tag « Inchangé » (status null) leaves the lead its status and substatus (issue #31)', async () => {
    const { db } = t.database
    const held = await insertHeldLeadWithEndedCall(db, t.users.teleop.id, [t.teamId])
    await db
      .update(leads)
      .set({ status: 'IN_PROGRESS', substatus: 'NO_ANSWER' })
      .where(eq(leads.id, held.lead.id))
    const recall = held.tag('Rappeler')
    const tag = (await admin.request({ url: `/api/tag/${recall.tagId}` })).json()
    const { id: _id, version, retiredAt: _r, usageCount: _u, ...current } = tag
    const unchanged = await admin.request({
      method: 'PUT',
      url: `/api/tag/${tag.id}`,
      payload: { ...current, status: null, substatus: null, version },
    })
    expect(unchanged.statusCode, unchanged.body).toBe(200)
    expect(unchanged.json()).toMatchObject({ status: null })
    const tagged = await teleop.request({
      method: 'POST',
      url: '/api/calls/tag',
      payload: { leadId: held.lead.id, callProcessTagId: recall.id },
    })
    expect(tagged.statusCode, tagged.body).toBe(200)
    const [lead] = await db.select().from(leads).where(eq(leads.id, held.lead.id))
    expect(lead).toMatchObject({ status: 'IN_PROGRESS', substatus: 'NO_ANSWER' })
    const [leadTag] = await db.select().from(leadTags).where(eq(leadTags.leadId, held.lead.id))
    expect(leadTag).toMatchObject({ status: 'IN_PROGRESS', substatus: 'NO_ANSWER' })
  })
})

describe('safe defaults (issue #31)', () => {
  it('a tag created with no effects named changes no status and ends no processing', async () => {
    const [row] = await t.database.db.insert(tags).values({ label: 'Note' }).returning()
    expect(row).toMatchObject({ status: null, endsProcessing: false })
    const made = await create({ label: 'Sans effet', status: null, endsProcessing: false })
    expect(made).toMatchObject({ status: null, substatus: null, endsProcessing: false })
  })

  it('refuses a substatus without a status, in French, and creates nothing', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/tags',
      payload: { ...fields, label: 'Bancal', status: null, substatus: 'NO_ANSWER' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.substatus).toMatch(/sous-statut va avec un statut/)
    expect((await admin.request({ url: '/api/tags?search=Bancal' })).json().total).toBe(0)
  })
})
