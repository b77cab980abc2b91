// The user's current call (GET /api/call/ongoing, spec §3 "Call"): `done` and nulls when none.
import { eq } from 'drizzle-orm'
import { NO_CURRENT_CALL, type CurrentCall } from '../../../src/contracts/call.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'
import type { Db } from '../../db/client.ts'
import { leads } from '../../db/schema.ts'
import { ongoingCallOf } from './state.ts'

export async function currentCallOf(db: Db, userId: number): Promise<CurrentCall> {
  const call = await ongoingCallOf(db, userId)
  if (!call) return NO_CURRENT_CALL
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
  if (leadId === null) return appUrls.home()
  const [lead] = await db.select({ uuid: leads.uuid }).from(leads).where(eq(leads.id, leadId))
  return appUrls.leadOrHome(lead?.uuid)
}
