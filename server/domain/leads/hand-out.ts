// Handing a lead out (spec §7 "Leads", docs/domain.md "Leads"): the next lead to process
// (POST /api/lead/find-lead-to-process) and a lead picked from the search (POST /api/lead/search/pick),
// with their refusals.
import type { Role, UserStatus } from '../../../src/contracts/roles.ts'
import { isCallCapable } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import { errors } from '../../lib/http-error.ts'
import { closedMissionsMessage } from '../calls/calling-rules.ts'
import { findVisibleLead } from './access.ts'
import { blockingError, findLeadToProcess, pickLead } from './assignment.ts'
import { picksFromAnyMission } from './pick-rule.ts'

export const NOTHING_TO_PROCESS = 'Aucun lead à traiter pour le moment.'
const NOT_AVAILABLE = 'Ce lead n’est pas disponible : il est déjà en cours de traitement, expiré ou clos.'
const NOT_CALL_CAPABLE = 'Seuls les téléopérateurs et managers actifs peuvent traiter des leads.'

type Handler = { id: number; role: Role; status: UserStatus }
/** The lead taken, and who views its sheet (the lead update goes to them and to the taker). */
type Taken = { id: number; uuid: string; viewerIds: number[] }

export function assertCallCapable(user: Handler): void {
  if (!isCallCapable(user)) throw errors.forbidden(NOT_CALL_CAPABLE)
}

/** The next lead, or why there is none (every mission's calling hours closed, issue #12; only leads handed back, #29). */
export async function handOutLead(db: Db, user: Handler): Promise<{ lead: Taken } | { message: string }> {
  assertCallCapable(user)
  const outcome = await findLeadToProcess(db, user.id)
  if (outcome.kind === 'blocked') throw blockingError(outcome.blocking)
  // Issue #29: when only leads the user handed back are left, the answer says so.
  if (outcome.kind === 'none')
    return { message: (await closedMissionsMessage(db, user.id)) ?? outcome.message ?? NOTHING_TO_PROCESS }
  return { lead: outcome.lead }
}

/** The lead picked from the search, if the user sees it and nothing refuses it. */
export async function pickSearchedLead(db: Db, user: Handler, ref: number): Promise<Taken> {
  assertCallCapable(user)
  const row = await findVisibleLead(db, user, ref)
  const outcome = await pickLead(db, user.id, row.lead.id, picksFromAnyMission(user))
  if (outcome.kind === 'blocked') throw blockingError(outcome.blocking)
  if (outcome.kind !== 'assigned') throw errors.conflict(NOT_AVAILABLE)
  return outcome.lead
}
