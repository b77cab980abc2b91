import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { minutesOfDay } from '../../../src/contracts/paris-calendar.ts'

const t = signedInServer({ users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} } })
const { admin, manager, teleop } = t.agents

const EVERY_DAY = {
  days: [1, 2, 3, 4, 5, 6, 7],
  periods: [[8 * 60, 20 * 60]],
  holidays: true,
  durationMinutes: 30,
  minimumNoticeMinutes: 0,
  windowDays: 7,
}

describe('configuration', () => {
  it('reads every key with its default before any change', async () => {
    const res = await admin.request({ url: '/api/configuration' })
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toEqual([
      { key: 'leadProcessingDurationDays', value: 60, version: 1, updatedAt: null },
      {
        key: 'appointmentSchedule',
        value: {
          days: [1, 2, 3, 4, 5],
          periods: [
            [540, 720],
            [840, 1080],
          ],
          holidays: false,
          durationMinutes: 60,
          minimumNoticeMinutes: 120,
          windowDays: 21,
        },
        version: 1,
        updatedAt: null,
      },
      { key: 'defaultRecallDelayMinutes', value: 120, version: 1, updatedAt: null },
      // Issue #26: the SMS caps and the countries an SMS may go to (France métropolitaine and DOM).
      { key: 'smsLimits', value: { perLeadPerDay: 2, perAgentPerHour: 30 }, version: 1, updatedAt: null },
      {
        key: 'smsCountries',
        value: ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT'],
        version: 1,
        updatedAt: null,
      },
      // Issue #29: a lead handed back is not handed to the same agent again for 24 hours.
      { key: 'releaseCooldownHours', value: 24, version: 1, updatedAt: null },
    ])
  })

  it('changes a key with its version, audits it and refuses a stale version', async () => {
    const first = await admin.request({
      method: 'PUT',
      url: '/api/configuration/defaultRecallDelayMinutes',
      payload: { value: 90, version: 1 },
    })
    expect(first.json()).toMatchObject({ key: 'defaultRecallDelayMinutes', value: 90, version: 2 })
    const stale = await admin.request({
      method: 'PUT',
      url: '/api/configuration/defaultRecallDelayMinutes',
      payload: { value: 30, version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { value: 90, version: 2 },
    })
    // Audit entity id: the key's stable number (3), the key in the entry.
    const audit = (await admin.request({ url: '/api/audit/configuration/3' })).json().items
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'update',
      user: { id: t.users.admin.id },
      before: { key: 'defaultRecallDelayMinutes', value: 120 },
      after: { key: 'defaultRecallDelayMinutes', value: 90 },
    })
  })

  it('refuses bad values in French next to the field, and keeps the old value', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: '/api/configuration/appointmentSchedule',
      payload: { value: { ...EVERY_DAY, days: [], periods: [[600, 600]], durationMinutes: 5 }, version: 1 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toMatchObject({
      'value.days': 'Choisissez au moins un jour de rendez-vous.',
      'value.periods.0': 'La fin de la plage doit suivre son début.',
      'value.durationMinutes': 'La durée d’un rendez-vous est entre 15 et 240 minutes.',
    })
    const entries = (await admin.request({ url: '/api/configuration' })).json().items
    expect(entries[1]).toMatchObject({ version: 1, value: { durationMinutes: 60 } })
  })

  it('refuses a release cool-down that is not a whole number of hours from 0 to 720, in French', async () => {
    const message =
      'Le délai avant de reproposer un lead rendu est un nombre entier d’heures entre 0 et 720 (30 jours).'
    for (const value of [-1, 721, 1.5, '24']) {
      const res = await admin.request({
        method: 'PUT',
        url: '/api/configuration/releaseCooldownHours',
        payload: { value, version: 1 },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({ value: message })
    }
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/configuration/releaseCooldownHours',
      payload: { value: 0, version: 1 },
    })
    expect(saved.json()).toMatchObject({ key: 'releaseCooldownHours', value: 0, version: 2 })
  })

  it('refuses SMS caps out of bounds and codes that are no country, in French', async () => {
    const limits = await admin.request({
      method: 'PUT',
      url: '/api/configuration/smsLimits',
      payload: { value: { perLeadPerDay: 0, perAgentPerHour: 1.5 }, version: 1 },
    })
    expect(limits.statusCode).toBe(400)
    expect(limits.json().error.fields).toEqual({
      'value.perLeadPerDay': 'Le nombre de SMS par lead est un nombre entre 1 et 20.',
      'value.perAgentPerHour': 'Le nombre de SMS par utilisateur est un nombre entre 1 et 500.',
    })
    for (const [value, message] of [
      [[], 'Choisissez au moins un pays.'],
      [
        ['FR', 'uk'],
        'Un pays s’écrit avec son code ISO de deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).',
      ],
      // A two-letter code that names no country a number can have: "UK" is GB.
      [
        ['FR', 'UK', 'QQ'],
        'Code de pays inconnu : UK, QQ. Écrivez le code ISO à deux lettres (par exemple GB pour le Royaume-Uni, BE pour la Belgique).',
      ],
      [['FR', 'FR'], 'Un pays est choisi deux fois.'],
    ] as const) {
      const res = await admin.request({
        method: 'PUT',
        url: '/api/configuration/smsCountries',
        payload: { value, version: 1 },
      })
      expect(res.statusCode, JSON.stringify(value)).toBe(400)
      expect(res.json().error.fields).toEqual({ value: message })
    }
    const entries = (await admin.request({ url: '/api/configuration' })).json().items
    expect(entries.slice(3, 5).map((entry: { version: number }) => entry.version)).toEqual([1, 1])
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/configuration/smsCountries',
      payload: { value: ['FR', 'BE'], version: 1 },
    })
    expect(saved.json()).toMatchObject({ key: 'smsCountries', value: ['FR', 'BE'], version: 2 })
  })

  it('feeds the appointment availabilities: the schedule set here is the one offered', async () => {
    const { market } = await insertMission(t.database.db, { userIds: [t.users.teleop.id] })
    const lead = await insertLead(t.database.db, market.id, { processingUserId: t.users.teleop.id })
    const changed = await admin.request({
      method: 'PUT',
      url: '/api/configuration/appointmentSchedule',
      payload: { value: EVERY_DAY, version: 1 },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const res = await teleop.request({ url: `/api/lead/${lead.id}/appointment-availabilities` })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.durationMinutes).toBe(30)
    // Seven days, weekends and holidays included (today may be past 20:00: then six or seven).
    expect(body.days.length).toBeGreaterThanOrEqual(6)
    const tomorrow = body.days.at(-1)
    expect(tomorrow.slots).toHaveLength(24)
    expect(minutesOfDay(new Date(tomorrow.slots[0].startsAt))).toBe(8 * 60)
  })

  it('is for administrators only', async () => {
    for (const agent of [manager, teleop]) {
      expect((await agent.request({ url: '/api/configuration' })).statusCode).toBe(403)
      const res = await agent.request({
        method: 'PUT',
        url: '/api/configuration/leadProcessingDurationDays',
        payload: { value: 30, version: 1 },
      })
      expect(res.statusCode).toBe(403)
    }
  })
})
