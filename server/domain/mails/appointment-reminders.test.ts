// Issue #15 "E-mails": the reminder job sends once per appointment starting within 24 hours, booked
// at least 24 hours before, never for a cancelled one, even when two runs race (docs/domain.md "E-mails").
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appointments, mailLog } from '../../db/schema.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../tests/setup/smtp-server.ts'
import { queueAppointmentReminders } from './appointment-mails.ts'
import { sendJob } from './send.ts'

let smtp: TestSmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

const t = signedInServer({ config: () => ({ smtpUrl: smtp.url }), users: { teleop: {} } })
const HOUR = 60 * 60_000

describe('appointment reminders', () => {
  it('reminds once per due appointment, skipping cancelled, late-booked and far ones', async () => {
    const { db } = t.database
    const now = new Date('2026-12-01T08:00:00Z')
    const { market, mission } = await insertMission(db, { userIds: [t.users.teleop.id] })
    const appointment = async (
      email: string | null,
      startsIn: number,
      bookedBefore: number,
      cancelled = false,
    ) => {
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
    const due = await appointment('due@exemple.fr', 20, 48)
    await appointment('late@exemple.fr', 19, 10)
    await appointment('far@exemple.fr', 30, 72)
    await appointment('cancelled@exemple.fr', 10, 48, true)
    await appointment(null, 11, 48)

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
