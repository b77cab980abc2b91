// The alert of an inbound call ringing for an agent (issue #5): the caller's number and the lead
// detected from it, so the notification says who calls and a click opens that lead's sheet.
import { eq } from 'drizzle-orm'
import type { CallAlert } from '../../src/contracts/push.ts'
import type { Db } from '../db/client.ts'
import { leads } from '../db/schema.ts'
import { personName } from '../../src/contracts/person-name.ts'

type RingingCall = { id: number; phoneNumber: string; leadId: number | null; detectedLeadId: number | null }

export async function callAlertOf(db: Db, call: RingingCall): Promise<CallAlert> {
  const leadId = call.leadId ?? call.detectedLeadId
  const [lead] = leadId
    ? await db
        .select({ uuid: leads.uuid, firstName: leads.firstName, lastName: leads.lastName })
        .from(leads)
        .where(eq(leads.id, leadId))
    : []
  return {
    kind: 'call',
    callId: call.id,
    // As GET /api/call/ongoing gives it, so the bridge (src/live) words it the same.
    phone: call.phoneNumber.slice(0, 32) || null,
    leadUuid: lead?.uuid ?? null,
    leadName: lead ? personName(lead).slice(0, 80) : null,
  }
}
