// The quiet hours' confirmation window is the lead's, once per appointment (issue #26 point 2,
// docs/domain.md "SMS"): a booking that moved the lead's appointment (history action `moved`,
// server/domain/appointments/booking.ts) opens no new window, or an agent could re-book the lead again and
// again to send a confirmation at night each time.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { leadEvents } from '../../db/schema.ts'

export async function isRebooking(db: Db, leadId: number, appointmentId: number): Promise<boolean> {
  const [moved] = await db
    .select({ id: leadEvents.id })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        eq(leadEvents.kind, 'appointment'),
        sql`${leadEvents.data}->>'action' = 'moved'`,
        sql`${leadEvents.data}->>'appointmentId' = ${String(appointmentId)}`,
      ),
    )
    .limit(1)
  return moved !== undefined
}

/** The instant that opens the appointment's confirmation window: its booking, unless it moved one. */
export async function confirmationWindowStart(
  db: Db,
  appointment: { id: number; leadId: number; createdAt: Date },
): Promise<Date | null> {
  return (await isRebooking(db, appointment.leadId, appointment.id)) ? null : appointment.createdAt
}
