// The user's current call (GET /api/call/ongoing, spec §3 "Call"): `done` and nulls when none.
import { eq } from 'drizzle-orm'
import { NO_CALL_STATUS, type CurrentCall } from '../../../src/contracts/call.ts'
import type { Db } from '../../db/client.ts'
import { leads } from '../../db/schema.ts'
import { ongoingCallOf } from '../../domain/call-state.ts'

export async function currentCallOf(db: Db, userId: number): Promise<CurrentCall> {
  const call = await ongoingCallOf(db, userId)
  if (!call)
    return {
      callId: null,
      status: NO_CALL_STATUS,
      direction: null,
      phoneNumber: null,
      duration: 0,
      leadId: null,
      detectedLeadId: null,
      startedAt: null,
      answeredAt: null,
    }
  return {
    callId: call.id,
    status: call.status,
    direction: call.direction,
    phoneNumber: call.phoneNumber,
    duration: Math.max(0, Math.floor((Date.now() - call.startedAt.getTime()) / 1000)),
    leadId: call.leadId,
    detectedLeadId: call.detectedLeadId,
    startedAt: call.startedAt.toISOString(),
    answeredAt: call.answeredAt?.toISOString() ?? null,
  }
}

/** The lead sheet of a lead, or home without one. */
export async function leadPath(db: Db, leadId: number | null): Promise<string> {
  if (leadId === null) return '/home'
  const [lead] = await db.select({ uuid: leads.uuid }).from(leads).where(eq(leads.id, leadId))
  return lead ? `/lead/${lead.uuid}` : '/home'
}
