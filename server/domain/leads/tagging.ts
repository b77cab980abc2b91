// Tagging a lead (issue #4, POST /api/calls/tag; docs/domain.md "Leads"): the outcome's effects on
// the lead, the lead tag, the call marked tagged, the history and the experience, in one transaction.
import { and, eq } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import {
  callProcessSteps,
  callProcessTags,
  calls,
  leadEvents,
  leadTags,
  leads,
  markets,
  missions,
  tags,
  users,
} from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import {
  assertOutcomeHasCall,
  CALL_ALREADY_TAGGED,
  resolveOutcomeCall,
  type CallRow,
} from './outcome-call.ts'
import { leadIdOfCall } from '../calls/state.ts'
import { leadNotFound, mayActOnLead, visibleLeadsCondition } from './access.ts'
import { messages } from '../../lib/messages.ts'
import { recallMessages, refuseRecall } from '../../../src/contracts/recall.ts'
import { rulesOf } from '../../../src/contracts/calling-rules.ts'
import { outcomeColumns, type Outcome } from '../tags/outcomes.ts'
import { recordEvent, type Earned } from '../gamification/engine.ts'

export type TagInput = {
  user: { id: number; role: Role }
  leadId: number | null
  callId: number | null
  callProcessTagId: number
  details: Record<string, unknown>
  comment: string | null
}

export type TagOutcome = {
  lead: { id: number; uuid: string }
  /** The lead's step after the outcome. */
  step: number
  /** A progress mark (advances the step, keeps the lead, no appointment): the call stays open for its outcome. */
  progress: boolean
  leadTagId: number
  callId: number | null
  callStatus: string | null
  released: boolean
  requiresAppointment: boolean
  gained: number
  experiencePoints: number
  previousProcessingUserId: number | null
  /** What the outcome earned (experience, badges, tentacalls), announced after the commit. */
  earned: Earned | null
}

type TagEffects = Outcome

/** Advances the step and keeps the lead with its holder, without an appointment to book. */
export function isProgressMark(
  effects: Pick<TagEffects, 'nextStep' | 'endsProcessing' | 'requiresAppointment'>,
) {
  return effects.nextStep !== null && !effects.endsProcessing && !effects.requiresAppointment
}

/**
 * When the lead is due again: the date the agent chose for an outcome that asks for one (issue
 * #11, validated against the calling hours, src/contracts/recall.ts), else now + the tag's delay.
 */
function recallAtOf(effects: TagEffects, details: Record<string, unknown>, now: Date): Date | null {
  if (effects.asksRecallDate) {
    const chosen = typeof details.recallAt === 'string' ? new Date(details.recallAt) : null
    if (!chosen || Number.isNaN(chosen.getTime())) throw errors.invalid(recallMessages.missing)
    const refusal = refuseRecall(chosen, now)
    if (refusal) throw errors.invalid(recallMessages[refusal])
    return chosen
  }
  return effects.recallDelayMinutes !== null
    ? new Date(now.getTime() + effects.recallDelayMinutes * 60_000)
    : null
}

/** Issue #29 point 3: « RDV pris » and the booking are one step (POST /api/lead/{id}/appointment). */
export const OUTCOME_NEEDS_BOOKING =
  'Cette issue s’enregistre avec le rendez-vous : choisissez le créneau sur la page du rendez-vous.'
export const OUTCOME_WITHOUT_APPOINTMENT =
  'Cette issue ne demande pas de rendez-vous : enregistrez-la sur la fiche.'

/** An outcome that makes the lead « Rendez-vous » is recorded only with its booking. */
export function needsBooking(effects: Pick<TagEffects, 'requiresAppointment' | 'status'>) {
  return effects.requiresAppointment || effects.status === 'APPOINTMENT'
}

/** An outcome alone (POST /api/calls/tag): one that requires an appointment is refused (409). */
export async function tagLead(db: Db, input: TagInput): Promise<TagOutcome> {
  try {
    return await db.transaction((tx) => recordTag(tx, input, { withBooking: false }))
  } catch (error) {
    // lead_tags_call_key (migration 0010): the database's own guarantee of one outcome per call.
    if (isUniqueViolation(error)) throw errors.conflict(CALL_ALREADY_TAGGED)
    throw error
  }
}

/**
 * The outcome recorded by a booking, in the booking's transaction (server/domain/appointments/
 * booking.ts): only an outcome that requires an appointment (else 400). `call` is the outcome's call
 * the booking resolved and locked before the lead (resolveOutcomeCall), as tagging does.
 */
export async function tagWithBooking(tx: Db, input: TagInput, call: CallRow | null): Promise<TagOutcome> {
  return recordTag(tx, input, { withBooking: true, call })
}

async function recordTag(
  tx: Db,
  input: TagInput,
  options: { withBooking: boolean; call?: CallRow | null },
): Promise<TagOutcome> {
  const { withBooking } = options
  // Locks in one order wherever an outcome is recorded, the call then the lead (a booking with its
  // outcome too): two requests taking them the other way round could deadlock on PostgreSQL. The call
  // row lock makes a second tagging of the same call wait, then see the first one's lead tag.
  const call = options.call === undefined ? await resolveOutcomeCall(tx, input) : options.call
  if (call && call.leadTagId !== null) throw errors.conflict(CALL_ALREADY_TAGGED)
  const leadId = input.leadId ?? (call ? leadIdOfCall(call) : null)
  if (leadId === null) throw errors.invalid('Cet appel n’est lié à aucun lead.')
  if (call && input.leadId !== null && leadIdOfCall(call) !== null && leadIdOfCall(call) !== input.leadId)
    throw errors.invalid('Cet appel concerne un autre lead.')
  const [row] = await tx
    .select({
      lead: leads,
      callProcessId: missions.callProcessId,
      calling: {
        callingRule: missions.callingRule,
        callingHours: missions.callingHours,
        maxCallAttempts: missions.maxCallAttempts,
        quietDays: missions.quietDays,
      },
    })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .where(and(eq(leads.id, leadId), visibleLeadsCondition(tx, input.user)))
    .for('update', { of: leads })
  // A lead the user may not see answers like an unknown one (server/domain/leads/access.ts).
  if (!row) throw leadNotFound()
  const { lead } = row
  // A teleoperator tags the lead they process, or a free lead their own call concerns.
  const mayTag = mayActOnLead(input.user, lead, { takesFreeLead: call?.userId === input.user.id })
  if (!mayTag) throw errors.forbidden(messages.leadHeldByOther)
  const [tag] = await tx
    .select({
      tag: outcomeColumns,
      stepNumber: callProcessSteps.number,
      callProcessId: callProcessSteps.callProcessId,
    })
    .from(callProcessTags)
    .innerJoin(tags, eq(tags.id, callProcessTags.tagId))
    .innerJoin(callProcessSteps, eq(callProcessSteps.id, callProcessTags.stepId))
    .where(eq(callProcessTags.id, input.callProcessTagId))
  if (!tag || tag.callProcessId !== row.callProcessId) throw errors.invalid(messages.tagOutsideCallProcess)
  // A form left open in another tab must not apply an outcome of a step the lead has left.
  if (tag.stepNumber !== lead.step)
    throw errors.conflict('Ce tag ne correspond pas à l’étape actuelle du lead.')
  // Issue #29: an outcome states what happened on a call; « sans appel » tags alone go without.
  assertOutcomeHasCall(call, tag.tag)
  if (!withBooking && needsBooking(tag.tag)) throw errors.conflict(OUTCOME_NEEDS_BOOKING)
  if (withBooking && !needsBooking(tag.tag)) throw errors.invalid(OUTCOME_WITHOUT_APPOINTMENT)

  const now = new Date()
  const effects = tag.tag
  const step = effects.nextStep ?? lead.step
  const recallAt = recallAtOf(effects, input.details, now)
  const released = effects.endsProcessing
  // Issue #11: an outcome that moves the lead on in the same conversation ("Éligible – présenter
  // les aides") is a progress mark, not the call's outcome: the call keeps waiting for the outcome
  // of the step it ends on (one outcome per call, docs/domain.md "Tagging").
  const progress = isProgressMark(effects)
  // Issue #31: a tag whose status is « Inchangé » (null) leaves the lead's status and substatus.
  const status = effects.status ?? lead.status
  const substatus = effects.status === null ? lead.substatus : effects.substatus
  const quietDays = effects.status === 'NOT_INTERESTED' ? rulesOf(row.calling).quietDays : null
  const noContactUntil = quietDays ? new Date(now.getTime() + quietDays * 86_400_000) : null
  const callOfOutcome = progress ? null : call
  const [leadTag] = await tx
    .insert(leadTags)
    .values({
      leadId,
      callId: callOfOutcome?.id ?? null,
      userId: input.user.id,
      callProcessTagId: effects.id,
      // The label at this moment: the lead's history keeps it after a rename (issue #12 "Tags").
      label: effects.label,
      step,
      status,
      substatus,
      details: input.details,
      comment: input.comment,
    })
    .returning({ id: leadTags.id })
  await tx
    .update(leads)
    .set({
      step,
      status,
      substatus,
      recallAt,
      updatedAt: now,
      ...(released ? { processingUserId: null, processingSince: null } : {}),
      // Issue #12: an explicit refusal starts the mission's quiet period (no contact before its end).
      ...(noContactUntil ? { noContactUntil } : {}),
    })
    .where(eq(leads.id, leadId))
  if (released && lead.processingUserId !== null)
    await tx
      .update(users)
      .set({ processingLeadId: null })
      .where(and(eq(users.id, lead.processingUserId), eq(users.processingLeadId, leadId)))
  if (call)
    await tx
      .update(calls)
      .set({
        ...(callOfOutcome ? { leadTagId: leadTag!.id } : {}),
        leadId: call.leadId ?? leadId,
        updatedAt: now,
      })
      .where(eq(calls.id, call.id))
  await tx.insert(leadEvents).values({
    leadId,
    userId: input.user.id,
    kind: 'tag',
    data: {
      leadTagId: leadTag!.id,
      callProcessTagId: effects.id,
      label: effects.label,
      callId: call?.id ?? null,
      step,
      status,
      substatus,
      recallAt: recallAt?.toISOString() ?? null,
      // The agent's notes on the outcome (the form's Détails), for the history (issue #11).
      details: typeof input.details.text === 'string' ? input.details.text : null,
      comment: input.comment,
      ...(progress ? { progress: true } : {}),
    },
  })
  // Issue #14: the outcome's points go through the experience ledger (once per lead tag), with the
  // badges and tentacalls the outcome earns; they are announced after the commit (the route).
  // Issue #29: only the outcome of a call earns, and a call has one (lead_tags_call_key): a progress
  // mark or an outcome « sans appel » earns nothing.
  const earned = callOfOutcome
    ? await recordEvent(tx, {
        kind: 'tag',
        userId: input.user.id,
        leadTagId: leadTag!.id,
        points: effects.experiencePoints,
      })
    : null
  return {
    lead: { id: lead.id, uuid: lead.uuid },
    step,
    progress,
    leadTagId: leadTag!.id,
    callId: call?.id ?? null,
    callStatus: call?.status ?? null,
    released,
    requiresAppointment: effects.requiresAppointment,
    gained: earned?.gained ?? 0,
    experiencePoints: earned?.experiencePoints ?? 0,
    previousProcessingUserId: lead.processingUserId,
    earned,
  }
}
