// Issue #15 "E-mails": the reminder job sends once per appointment starting within 24 hours, booked
// at least 24 hours before, never for a cancelled one, even when two runs race (docs/domain.md "E-mails").
// Issue #30: reminders are chosen by « due and not yet sent », so a run after a gap catches up those
// still useful and logs the ones of appointments already started « Non envoyé : trop tard », once.
// Dates are relative to the real clock: the mail job refuses a reminder once its appointment started.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appointments, mailLog } from '../../db/schema.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../tests/setup/smtp-server.ts'
import { logLateReminders, queueAppointmentReminders } from './appointment-mails.ts'
import { sendJob } from './send.ts'

let smtp: TestSmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

const t = signedInServer({ config: () => ({ smtpUrl: smtp.url }), users: { teleop: {} } })
const HOUR = 60 * 60_000

describe('appointment reminders', () => {
  async function appointment(
    now: Date,
    email: string | null,
    startsIn: number,
    bookedBefore: number,
    cancelled = false,
  ) {
    const { db } = t.database
    const { market, mission } = await insertMission(db, { userIds: [t.users.teleop.id] })
    const lead = await insertLead(db, market.id, { email, firstName: 'Zoé' })
    const startsAt = new Date(now.getTime() + startsIn * HOUR)
    const [row] = await db
      .insert(appointments)
      .values({
        leadId: lead.id,
        missionId: mission.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        bookedByUserId: t.users.teleop.id,
        createdAt: new Date(startsAt.getTime() - bookedBefore * HOUR),
        cancelledAt: cancelled ? now : null,
      })
      .returning()
    return row!
  }

  it('reminds once per due appointment, skipping cancelled, late-booked and far ones', async () => {
    const { db } = t.database
    const now = new Date()
    const due = await appointment(now, 'due@exemple.fr', 20, 48)
    await appointment(now, 'late@exemple.fr', 19, 10)
    await appointment(now, 'far@exemple.fr', 30, 72)
    await appointment(now, 'cancelled@exemple.fr', 10, 48, true)
    await appointment(now, null, 11, 48)

    // Two runs at once (two processes): one reminder.
    const counts = await Promise.all([
      queueAppointmentReminders(t.app, now),
      queueAppointmentReminders(t.app, now),
    ])
    expect(counts.reduce((a, b) => a + b)).toBe(1)
    expect(await queueAppointmentReminders(t.app, new Date(now.getTime() + HOUR))).toBe(0)
    const rows = await db.select().from(mailLog)
    expect(rows).toMatchObject([
      { template: 'appointment-reminder', to: 'due@exemple.fr', appointmentId: due.id },
    ])
    const mail = await vi.waitFor(
      () => {
        const found = smtp.received.find((item) => item.to === 'due@exemple.fr')
        if (!found) throw new Error('no reminder yet')
        return found
      },
      { timeout: 15_000, interval: 50 },
    )
    expect(mail.subject).toMatch(/^Rappel : votre rendez-vous du /)
    expect(mail.text).toContain('Bonjour Zoé')
  })

  it('after a gap, sends the reminders still useful and logs the missed ones « trop tard » once', async () => {
    const { db } = t.database
    const now = new Date()
    // Every run of the last two days was missed (every process down; the last successful one started
    // 50 hours ago): one appointment starts in 30 min, one started 2 hours ago, one a week and more
    // ago (history, not a missed reminder).
    const lastRunAt = new Date(now.getTime() - 50 * HOUR)
    const soon = await appointment(now, 'soon@exemple.fr', 0.5, 48)
    const started = await appointment(now, 'started@exemple.fr', -2, 48)
    await appointment(now, 'old@exemple.fr', -8 * 24, 48)
    // The run after the gap, and the next one (two processes' runs racing too).
    const [queued, late, lateAgain] = await Promise.all([
      queueAppointmentReminders(t.app, now),
      logLateReminders(t.app, now, lastRunAt),
      logLateReminders(t.app, now, lastRunAt),
    ])
    expect({ queued, late: late! + lateAgain! }).toEqual({ queued: 1, late: 1 })
    expect(await queueAppointmentReminders(t.app, now)).toBe(0)
    expect(await logLateReminders(t.app, new Date(now.getTime() + HOUR), now)).toBe(0)
    const rows = await db.select().from(mailLog).orderBy(mailLog.id)
    expect(
      rows.map(({ to, appointmentId, status, error }) => ({ to, appointmentId, status, error })),
    ).toEqual([
      { to: 'soon@exemple.fr', appointmentId: soon.id, status: expect.any(String), error: null },
      {
        to: 'started@exemple.fr',
        appointmentId: started.id,
        status: 'failed',
        error: 'Non envoyé : trop tard.',
      },
    ])
    await vi.waitFor(
      () => {
        if (!smtp.received.some((item) => item.to === 'soon@exemple.fr')) throw new Error('not yet')
      },
      { timeout: 15_000, interval: 50 },
    )
    expect(smtp.received.some((item) => item.to === 'started@exemple.fr')).toBe(false)
  })

  it('logs « trop tard » only what missed runs owed: not an appointment a successful run saw in its 24 hours', async () => {
    const { db } = t.database
    const now = new Date()
    // Started 2 hours ago; its 24 hours began 26 hours ago, and a run succeeded 20 hours ago (it had
    // no reason to send then, e.g. the lead had no e-mail yet): not a missed reminder.
    await appointment(now, 'seen@exemple.fr', -2, 48)
    expect(await logLateReminders(t.app, now, new Date(now.getTime() - 20 * HOUR))).toBe(0)
    // The job's first run ever (a deploy): nothing of the past is a missed reminder.
    expect(await logLateReminders(t.app, now, null)).toBe(0)
    expect(await db.select().from(mailLog)).toEqual([])
  })

  it('does not send a reminder whose appointment started before its job ran', async () => {
    const { db } = t.database
    const now = new Date()
    const started = await appointment(now, 'missed@exemple.fr', -1, 48)
    const [logged] = await db
      .insert(mailLog)
      .values({ template: 'appointment-reminder', to: 'missed@exemple.fr', appointmentId: started.id })
      .returning()
    await sendJob(t.app, logged!.id)
    const failed = await vi.waitFor(
      async () => {
        const [current] = await db.select().from(mailLog).where(eq(mailLog.id, logged!.id))
        if (current?.status !== 'failed') throw new Error('not yet')
        return current
      },
      { timeout: 15_000, interval: 50 },
    )
    expect(failed.error).toBe('Non envoyé : trop tard.')
    expect(smtp.received.some((item) => item.to === 'missed@exemple.fr')).toBe(false)
  })

  it('does not send the reminder of an appointment cancelled before its job ran', async () => {
    const { db } = t.database
    const now = new Date()
    const { market, mission } = await insertMission(db, { userIds: [t.users.teleop.id] })
    const lead = await insertLead(db, market.id, { email: 'moved@exemple.fr' })
    const startsAt = new Date(now.getTime() + 5 * HOUR)
    const [row] = await db
      .insert(appointments)
      .values({
        leadId: lead.id,
        missionId: mission.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        bookedByUserId: t.users.teleop.id,
        createdAt: new Date(now.getTime() - 48 * HOUR),
      })
      .returning()
    // Cancelled in the same instant the reminder is queued: the job refuses it.
    await db.transaction(async (tx) => {
      await tx.update(appointments).set({ cancelledAt: now }).where(eq(appointments.id, row!.id))
      await tx
        .insert(mailLog)
        .values({ template: 'appointment-reminder', to: 'moved@exemple.fr', appointmentId: row!.id })
    })
    const [logged] = await db.select().from(mailLog)
    await sendJob(t.app, logged!.id)
    const failed = await vi.waitFor(
      async () => {
        const [current] = await db.select().from(mailLog).where(eq(mailLog.id, logged!.id))
        if (current?.status !== 'failed') throw new Error('not yet')
        return current
      },
      { timeout: 15_000, interval: 50 },
    )
    expect(failed.error).toBe('Rendez-vous annulé ou déplacé avant l’envoi : rappel non envoyé.')
    expect(smtp.received.some((item) => item.to === 'moved@exemple.fr')).toBe(false)
  })
})
