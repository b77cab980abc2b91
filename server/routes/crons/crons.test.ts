// Issue #15 "Scheduled jobs": what an administrator sees of the periodic jobs and what they change —
// pause and resume (the job engine's schedule follows at once), run now (the run is recorded), a new
// schedule (checked, previewed, versioned), and a failing job alerting the administrators once.
import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CronJob, CronList } from '../../../src/contracts/crons.ts'
import { rowsOf } from '../../db/client.ts'
import { auditEntries, calls, cronRuns, cronSettings, mailOutbox, users } from '../../db/schema.ts'
import { cronDefinition, CRON_CATALOGUE } from '../../domain/crons/catalogue.ts'
import { CRON_PROCESS } from '../../domain/crons/runner.ts'
import { syncCronSchedules } from '../../domain/crons/schedules.ts'
import { PENDING_PREFIX } from '../../domain/webhooks/processing.ts'
import { NO_PROVIDER_EVENT } from '../../domain/calls/pending-expiry.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'

const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, other: { role: 'ADMIN' }, manager: { role: 'MANAGER' } },
})
const { admin } = t.agents
const PENDING = 'pending-calls-expiry'
const WAIT = { timeout: 15_000, interval: 100 }

/** Back to the catalogue's defaults, no run recorded, the engine's schedules as the defaults say. */
async function resetCrons() {
  const { db } = t.database
  await db.delete(cronRuns)
  for (const job of CRON_CATALOGUE)
    await db
      .update(cronSettings)
      .set({ cron: job.cron, paused: false, failingSince: null, version: 1 })
      .where(eq(cronSettings.queue, job.key))
  await syncCronSchedules(t.app)
}

/** Spies of a test, restored after it (vi.restoreAllMocks would also undo the console.error guard). */
const spies: { mockRestore: () => void }[] = []
function spy<T extends { mockRestore: () => void }>(made: T): T {
  spies.push(made)
  return made
}

beforeEach(resetCrons)
afterEach(() => {
  for (const made of spies.splice(0)) made.mockRestore()
})

async function list(): Promise<CronJob[]> {
  const res = await admin.request({ method: 'GET', url: '/api/crons' })
  expect(res.statusCode).toBe(200)
  return res.json<CronList>().jobs
}

async function job(key: string): Promise<CronJob> {
  return (await list()).find((one) => one.key === key)!
}

async function engineSchedule(key: string) {
  const rows = rowsOf<{ cron: string; timezone: string }>(
    await t.database.db.execute(sql`select cron, timezone from pgboss.schedule where name = ${key}`),
  )
  return rows[0] ?? null
}

/** The job's finished runs, oldest first, once there are `count` of them. */
async function finishedRuns(key: string, count: number) {
  let rows: (typeof cronRuns.$inferSelect)[] = []
  await vi.waitFor(async () => {
    rows = await t.database.db
      .select()
      .from(cronRuns)
      .where(and(eq(cronRuns.queue, key), sql`finished_at is not null`))
      .orderBy(cronRuns.id)
    expect(rows.length).toBeGreaterThanOrEqual(count)
  }, WAIT)
  return rows
}

async function runNow(key: string) {
  return admin.request({ method: 'POST', url: `/api/crons/${key}/run` })
}

async function pendingCall() {
  const { db } = t.database
  const agent = await insertUser(db, { role: 'TELEOPERATOR', aircallId: 4242 })
  const { market } = await insertMission(db, { userIds: [agent.id] })
  const lead = await insertLead(db, market.id, { processingUserId: agent.id, processingSince: new Date() })
  return insertCall(db, {
    userId: agent.id,
    leadId: lead.id,
    status: 'initial',
    providerCallId: `${PENDING_PREFIX}cron`,
    startedAt: new Date(Date.now() - 5 * 60_000),
  })
}

describe('the list of scheduled jobs', () => {
  it('shows every job of the catalogue with its schedule in words and its next run', async () => {
    const jobs = await list()
    expect(jobs.map((one) => one.key)).toEqual(CRON_CATALOGUE.map((one) => one.key))
    const pending = jobs.find((one) => one.key === PENDING)!
    expect(pending).toMatchObject({
      name: 'Appels sans nouvelles de l’opérateur',
      cron: '* * * * *',
      words: 'toutes les minutes',
      paused: false,
      failingSince: null,
      runs: [],
    })
    expect(Date.parse(pending.nextRunAt!) - Date.now()).toBeLessThanOrEqual(60_000)
    expect(jobs.find((one) => one.key === 'files-purge')?.words).toBe('tous les jours à 3 h')
    expect(await engineSchedule('files-purge')).toEqual({ cron: '0 3 * * *', timezone: 'Europe/Paris' })
  })

  it('is for administrators only', async () => {
    const res = await t.agents.manager.request({ method: 'GET', url: '/api/crons' })
    expect(res.statusCode).toBe(403)
  })
})

describe('pause and resume', () => {
  it('unschedules a paused job at once and schedules it again on resume, each change audited', async () => {
    const before = await job(PENDING)
    const paused = await admin.request({
      method: 'POST',
      url: `/api/crons/${PENDING}/pause`,
      payload: { version: before.version },
    })
    expect(paused.statusCode).toBe(200)
    expect(paused.json<CronJob>()).toMatchObject({ paused: true, nextRunAt: null, version: 2 })
    expect(await engineSchedule(PENDING)).toBeNull()

    const again = await admin.request({
      method: 'POST',
      url: `/api/crons/${PENDING}/pause`,
      payload: { version: 2 },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('Cette tâche est déjà en pause.')

    const resumed = await admin.request({
      method: 'POST',
      url: `/api/crons/${PENDING}/resume`,
      payload: { version: 2 },
    })
    expect(resumed.json<CronJob>()).toMatchObject({ paused: false, version: 3 })
    expect(await engineSchedule(PENDING)).toEqual({ cron: '* * * * *', timezone: 'Europe/Paris' })

    const audit = await admin.request({ method: 'GET', url: `/api/audit/cron/${await settingsId(PENDING)}` })
    expect(audit.json().items.map((entry: { action: string }) => entry.action)).toEqual(['resume', 'pause'])
  })

  it('does not run an occurrence of a paused job that was already queued', async () => {
    await admin.request({ method: 'POST', url: `/api/crons/${PENDING}/pause`, payload: { version: 1 } })
    const id = await t.app.jobs.send(PENDING, { trigger: 'schedule' })
    t.app.jobs.wake(PENDING)
    await vi.waitFor(async () => {
      const rows = rowsOf<{ state: string }>(
        await t.database.db.execute(sql`select state from pgboss.job where id = ${id}`),
      )
      expect(rows[0]?.state).toBe('completed')
    }, WAIT)
    expect(await t.database.db.select().from(cronRuns)).toEqual([])
  })
})

async function settingsId(key: string): Promise<number> {
  const [row] = await t.database.db.select().from(cronSettings).where(eq(cronSettings.queue, key))
  return row!.id
}

describe('run now', () => {
  it('runs the job, records the run and what it did, and audits who asked', async () => {
    const call = await pendingCall()
    const res = await runNow(PENDING)
    expect(res.statusCode).toBe(202)
    const [run] = await finishedRuns(PENDING, 1)
    expect(run).toMatchObject({ trigger: 'manual', ok: true, summary: '1 appel terminé', error: null })
    const [after] = await t.database.db.select().from(calls).where(eq(calls.id, call.id))
    expect(after).toMatchObject({ status: 'missed', missedReason: NO_PROVIDER_EVENT })
    const listed = (await job(PENDING)).runs
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ trigger: 'manual', outcome: 'ok', summary: '1 appel terminé' })
    expect(listed[0]!.durationMs).toBeGreaterThanOrEqual(0)
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'cron'), eq(auditEntries.action, 'run')))
    expect(entries.map((entry) => entry.userId)).toEqual([t.users.admin.id])
  })

  it('runs a paused job when asked (the pause stops the schedule only)', async () => {
    await admin.request({ method: 'POST', url: `/api/crons/${PENDING}/pause`, payload: { version: 1 } })
    expect((await runNow(PENDING)).statusCode).toBe(202)
    const [run] = await finishedRuns(PENDING, 1)
    expect(run).toMatchObject({ trigger: 'manual', ok: true })
  })

  it('never overlaps a run of the same job, and holds one waiting run at most', async () => {
    const pending = cronDefinition(PENDING)!
    let release = () => {}
    spy(vi.spyOn(pending, 'run')).mockImplementationOnce(
      () => new Promise<string | null>((resolve) => (release = () => resolve('premier'))),
    )
    expect((await runNow(PENDING)).statusCode).toBe(202)
    await vi.waitFor(async () => expect((await job(PENDING)).runs[0]?.outcome).toBe('running'), WAIT)
    expect((await runNow(PENDING)).statusCode).toBe(202)
    const third = await runNow(PENDING)
    expect(third.statusCode).toBe(409)
    expect(third.json().error.message).toBe(
      'Cette tâche attend déjà de tourner : elle démarre dans quelques secondes.',
    )
    release()
    const [first, second] = await finishedRuns(PENDING, 2)
    expect(first!.summary).toBe('premier')
    expect(second!.startedAt.getTime()).toBeGreaterThanOrEqual(first!.finishedAt!.getTime())
  })

  it('shows a run whose process died as given up, with its process, and marks it so when the next run takes over (issue #30)', async () => {
    const { db } = t.database
    // A run left open by a process that died: its job is no longer active on the engine (given up).
    const [dead] = await db
      .insert(cronRuns)
      .values({
        queue: PENDING,
        trigger: 'manual',
        jobId: '00000000-0000-4000-8000-000000000000',
        process: 'serveur-2:4242',
        startedAt: new Date(Date.now() - 60_000),
      })
      .returning()
    expect((await job(PENDING)).runs).toMatchObject([
      { id: dead!.id, outcome: 'abandoned', process: 'serveur-2:4242', finishedAt: null },
    ])
    expect((await runNow(PENDING)).statusCode).toBe(202)
    const [given, next] = await finishedRuns(PENDING, 2)
    expect(given).toMatchObject({ id: dead!.id, ok: false, abandoned: true, process: 'serveur-2:4242' })
    expect(next).toMatchObject({ ok: true, abandoned: false, process: CRON_PROCESS })
    expect((await job(PENDING)).runs).toMatchObject([
      { id: next!.id, outcome: 'ok', process: CRON_PROCESS },
      { id: dead!.id, outcome: 'abandoned', process: 'serveur-2:4242' },
    ])
  })

  it('runs every job of the catalogue to success on a fresh database', async () => {
    for (const { key } of CRON_CATALOGUE) expect((await runNow(key)).statusCode).toBe(202)
    for (const { key } of CRON_CATALOGUE) {
      const [run] = await finishedRuns(key, 1)
      expect({ key, ok: run!.ok, error: run!.error }).toEqual({ key, ok: true, error: null })
    }
  })

  it('answers 404 for a job that is not in the catalogue', async () => {
    const res = await runNow('nothing-here')
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('Tâche planifiée introuvable.')
  })
})

describe('a new schedule', () => {
  it('previews the next five runs in Paris time and the words, before anything is saved', async () => {
    const res = await admin.request({
      method: 'GET',
      url: `/api/crons/files-purge/preview?cron=${encodeURIComponent('30 3 * * 1')}`,
    })
    expect(res.statusCode).toBe(200)
    const preview = res.json<{ words: string; nextRuns: string[] }>()
    expect(preview.words).toBe('le lundi à 3 h 30')
    expect(preview.nextRuns).toHaveLength(5)
    const paris = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    })
    for (const at of preview.nextRuns) expect(paris.format(new Date(at))).toBe('lundi 03:30')
    expect((await job('files-purge')).cron).toBe('0 3 * * *')
  })

  it('refuses a schedule it cannot run, in French, and keeps the old one', async () => {
    for (const cron of ['*/30 * * * * *', '0 7 * 1 *', 'tous les jours']) {
      const res = await admin.request({
        method: 'PUT',
        url: '/api/crons/files-purge/schedule',
        payload: { cron, version: 1 },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toMatch(/^(Une planification a cinq champs|Mois)/)
    }
    const preview = await admin.request({
      method: 'GET',
      url: `/api/crons/files-purge/preview?cron=${encodeURIComponent('61 * * * *')}`,
    })
    expect(preview.statusCode).toBe(400)
    expect(preview.json().error.message).toContain('Minute')
    // A heavy job may not be set to run every few minutes (PGlite's one connection, agents working).
    for (const cron of ['* * * * *', '*/30 * * * *']) {
      const often = await admin.request({
        method: 'PUT',
        url: '/api/crons/files-purge/schedule',
        payload: { cron, version: 1 },
      })
      expect(often.statusCode).toBe(400)
      expect(often.json().error.message).toBe('Cette tâche ne peut pas tourner plus d’une fois par heure.')
    }
    const hourly = await admin.request({
      method: 'GET',
      url: `/api/crons/files-purge/preview?cron=${encodeURIComponent('*/10 * * * *')}`,
    })
    expect(hourly.statusCode).toBe(400)
    expect(
      (
        await admin.request({
          method: 'GET',
          url: `/api/crons/pending-calls-expiry/preview?cron=${encodeURIComponent('* * * * *')}`,
        })
      ).statusCode,
    ).toBe(200)
    expect(await engineSchedule('files-purge')).toEqual({ cron: '0 3 * * *', timezone: 'Europe/Paris' })
  })

  it('saves a new schedule, applies it to the job engine at once and audits it; a stale version is refused', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: '/api/crons/files-purge/schedule',
      payload: { cron: ' 30  4 * * 1-5 ', version: 1 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<CronJob>()).toMatchObject({
      cron: '30 4 * * 1-5',
      words: 'du lundi au vendredi à 4 h 30',
      version: 2,
    })
    expect(await engineSchedule('files-purge')).toEqual({ cron: '30 4 * * 1-5', timezone: 'Europe/Paris' })
    const [entry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'cron'), eq(auditEntries.action, 'update')))
    expect(entry).toMatchObject({ before: { cron: '0 3 * * *' }, after: { cron: '30 4 * * 1-5' } })

    const stale = await t.agents.other.request({
      method: 'PUT',
      url: '/api/crons/files-purge/schedule',
      payload: { cron: '0 5 * * *', version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { cron: '30 4 * * 1-5' },
    })
    expect(await engineSchedule('files-purge')).toEqual({ cron: '30 4 * * 1-5', timezone: 'Europe/Paris' })
  })
})

describe('a failing job', () => {
  it('shows as failing after three failed runs in a row and alerts every administrator once per streak', async () => {
    const { db } = t.database
    await insertUser(db, { role: 'ADMIN', status: 'INACTIVE', email: 'gone@test.fr' })
    const pending = cronDefinition(PENDING)!
    const run = spy(vi.spyOn(pending, 'run')).mockRejectedValue(
      new Error('connect ECONNREFUSED postgres://app:s3cret@db:5432/centre'),
    )
    const notify = spy(vi.spyOn(t.app.push, 'notify'))
    for (let n = 1; n <= 4; n++) {
      expect((await runNow(PENDING)).statusCode).toBe(202)
      await finishedRuns(PENDING, n)
      expect((await job(PENDING)).failingSince !== null).toBe(n >= 3)
    }
    const listed = await job(PENDING)
    expect(listed.runs[0]).toMatchObject({
      outcome: 'failed',
      error: 'connect ECONNREFUSED postgres://***@db:5432/centre',
    })
    const mails = await db.select().from(mailOutbox).orderBy(mailOutbox.to)
    expect(mails.map((mail) => mail.to)).toEqual(['admin@test.fr', 'other@test.fr'])
    expect(mails[0]!.subject).toBe('Tâche planifiée en échec : Appels sans nouvelles de l’opérateur')
    expect(mails[0]!.text).toContain('a échoué 3 fois de suite')
    expect(mails[0]!.text).not.toContain('s3cret')
    const admins = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.fr'))
    expect(notify).toHaveBeenCalledTimes(1)
    expect(notify.mock.calls[0]![0]).toEqual(expect.arrayContaining([admins[0]!.id]))
    expect(notify.mock.calls[0]![0]).toHaveLength(2)

    // A success ends the streak; the next streak alerts again.
    run.mockResolvedValueOnce('réparé')
    await runNow(PENDING)
    await finishedRuns(PENDING, 5)
    expect((await job(PENDING)).failingSince).toBeNull()
    for (let n = 6; n <= 8; n++) {
      await runNow(PENDING)
      await finishedRuns(PENDING, n)
    }
    expect((await job(PENDING)).failingSince).not.toBeNull()
    expect(await db.select().from(mailOutbox)).toHaveLength(4)
    expect(notify).toHaveBeenCalledTimes(2)
  })
})
