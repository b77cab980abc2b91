// The appointment mails to the lead (issue #15 "E-mails", docs/domain.md "E-mails"): the confirmation
// an agent chooses to send when booking, and the reminder the 'appointment-reminders-mail' job sends
// once per appointment starting within the next 24 hours.
import { and, eq, gt, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { appointments, leads, mailLog, missions } from '../../db/schema.ts'
import { mailErrors, sendJob, MAIL_QUEUE } from './send.ts'
import { withOrdinalFirst } from '../../../src/contracts/paris-calendar.ts'

const PARIS = 'Europe/Paris'
export const REMINDER_HORIZON_MS = 24 * 60 * 60 * 1000
/**
 * Issue #30: how far back a missed reminder is still logged « trop tard » (a run after every process
 * was down); older appointments are history, not a missed reminder.
 */
export const TOO_LATE_LOOKBACK_MS = 7 * REMINDER_HORIZON_MS

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const timeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, hour: 'numeric', minute: '2-digit' })

/**
 * "mardi 1er décembre 2026", "mercredi 2 décembre 2026": the day of an appointment as its mails write
 * it ({date_rdv}), the first of the month as an ordinal like everywhere in the product (src/i18n/format.ts).
 */
export function appointmentDay(at: Date): string {
  return withOrdinalFirst(dateFormat, at)
}

/** "14 h 30", "9 h" (the product's way of writing hours). */
function hourOf(at: Date): string {
  const [hours, minutes] = timeFormat.format(at).split(':')
  return minutes === '00' ? `${Number(hours)} h` : `${Number(hours)} h ${minutes}`
}

type AppointmentRow = {
  appointmentId: number
  leadId: number
  email: string | null
  firstName: string
  lastName: string
  mission: string
  startsAt: Date
}

function variablesOf(row: AppointmentRow): Record<string, string> {
  return {
    prénom: row.firstName,
    nom: row.lastName,
    date_rdv: appointmentDay(row.startsAt),
    heure_rdv: hourOf(row.startsAt),
    mission: row.mission,
  }
}

function appointmentRows(db: Db) {
  return db
    .select({
      appointmentId: appointments.id,
      leadId: leads.id,
      email: leads.email,
      firstName: leads.firstName,
      lastName: leads.lastName,
      mission: missions.name,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .innerJoin(leads, eq(leads.id, appointments.leadId))
    .innerJoin(missions, eq(missions.id, appointments.missionId))
}

/**
 * Queues the confirmation of the lead's current appointment; false when the lead has no e-mail
 * address (the booking form offers the checkbox only when it has one). With `tx` (the booking's
 * transaction) the mail is written with the booking, or not at all, and the caller wakes the worker.
 */
export async function queueAppointmentConfirmation(
  app: FastifyInstance,
  { appointmentId, requestedBy }: { appointmentId: number; requestedBy: number },
  tx?: Db,
): Promise<boolean> {
  const db = tx ?? app.database.db
  const [row] = await appointmentRows(db).where(eq(appointments.id, appointmentId))
  if (!row?.email) return false
  await db.transaction(async (write) => {
    const [logged] = await write
      .insert(mailLog)
      .values({
        template: 'appointment-confirmation',
        to: row.email!,
        leadId: row.leadId,
        appointmentId: row.appointmentId,
        requestedBy,
        variables: variablesOf(row),
      })
      .returning({ id: mailLog.id })
    await sendJob(app, logged!.id, write)
  })
  if (!tx) app.jobs.wake(MAIL_QUEUE)
  return true
}

/**
 * What makes an appointment's reminder due and not yet sent, whatever the run: not cancelled, booked
 * at least 24 hours before it starts (a later booking just had its confirmation), its lead has an
 * address, and no reminder is logged yet (issue #30: chosen by this state, never by the time window
 * of one run, so a run after a gap catches up every missed one).
 */
function reminderOwed() {
  return and(
    isNull(appointments.cancelledAt),
    lte(appointments.createdAt, sql`${appointments.startsAt} - interval '24 hours'`),
    isNotNull(leads.email),
    ne(leads.email, ''),
    sql`not exists (select 1 from ${mailLog} where ${mailLog.appointmentId} = ${appointments.id} and ${mailLog.template} = 'appointment-reminder' and ${mailLog.resendOf} is null)`,
  )
}

/**
 * The reminders due at `now` (docs/domain.md "E-mails"): owed (above) for an appointment starting
 * within the next 24 hours and not started yet. Each one is a log row and a job written together; the
 * partial unique index of mail_log lets one process only write it.
 */
export async function queueAppointmentReminders(app: FastifyInstance, now: Date): Promise<number> {
  const { db } = app.database
  // The soonest first: a run cut short has sent the most urgent ones.
  const due = await appointmentRows(db)
    .where(
      and(
        reminderOwed(),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + REMINDER_HORIZON_MS)),
      ),
    )
    .orderBy(appointments.startsAt, appointments.id)
  let queued = 0
  for (const row of due) {
    const written = await db.transaction(async (tx) => {
      const [logged] = await tx
        .insert(mailLog)
        .values({
          template: 'appointment-reminder',
          to: row.email!,
          leadId: row.leadId,
          appointmentId: row.appointmentId,
          variables: variablesOf(row),
        })
        .onConflictDoNothing()
        .returning({ id: mailLog.id })
      if (logged) await sendJob(app, logged.id, tx)
      return Boolean(logged)
    })
    if (written) queued += 1
  }
  if (queued > 0) app.jobs.wake(MAIL_QUEUE)
  return queued
}

/**
 * Issue #30: the reminders owed for appointments that have started (every run of their last 24 hours
 * was missed) are logged « Non envoyé : trop tard », once each (the same unique index), and not sent.
 * Missed means the appointment's 24 hours began after `lastRunAt`, the start of the job's last
 * successful run: one whose window a run saw and left (no e-mail then, booked before reminders existed)
 * was never owed, and a first run after a deploy logs nothing of the past. Answers how many were logged.
 */
export async function logLateReminders(
  app: FastifyInstance,
  now: Date,
  lastRunAt: Date | null,
): Promise<number> {
  if (!lastRunAt) return 0
  const { db } = app.database
  const late = await appointmentRows(db).where(
    and(
      reminderOwed(),
      lte(appointments.startsAt, now),
      gt(appointments.startsAt, new Date(now.getTime() - TOO_LATE_LOOKBACK_MS)),
      gt(appointments.startsAt, new Date(lastRunAt.getTime() + REMINDER_HORIZON_MS)),
    ),
  )
  if (late.length === 0) return 0
  const logged = await db
    .insert(mailLog)
    .values(
      late.map((row) => ({
        template: 'appointment-reminder' as const,
        to: row.email!,
        leadId: row.leadId,
        appointmentId: row.appointmentId,
        variables: variablesOf(row),
        status: 'failed' as const,
        error: mailErrors.tooLate,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: mailLog.id })
  return logged.length
}
