// Correcting a recorded outcome (PUT /api/lead/{leadId}/lead-tag/{leadTagId}; docs/domain.md "Calls",
// Correcting an outcome): who may, what must hold, and what changes, in one transaction with the
// lead row locked (a tagging of the same lead waits for it, and the other way round).
import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import { LEAD_TAG_CORRECTION_MINUTES } from '../../../src/contracts/lead-changes.ts'
import type { LeadStatus, LeadSubstatus } from '../../../src/contracts/lead.ts'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import {
  appointments,
  callProcessSteps,
  callProcessTags,
  leadEvents,
  leadTags,
  leads,
  markets,
  missions,
  tags,
} from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { outcomeColumns, type Outcome } from '../tags/outcomes.ts'
import { correctTagPoints } from '../gamification/engine.ts'
import { needsBooking } from './tagging.ts'

type LeadTagRow = typeof leadTags.$inferSelect
type LeadRow = typeof leads.$inferSelect
type TagRow = Outcome

export type CorrectionInput = {
  user: { id: number; role: Role }
  leadId: number
  leadTagId: number
  callProcessTagId: number
  step: number
  status: LeadStatus
  substatus: LeadSubstatus | null
  now?: Date
}

export type CorrectionOutcome = {
  lead: { id: number; uuid: string; processingUserId: number | null }
  leadTag: LeadTagRow
  appliedToLead: boolean
  changed: boolean
  /** The recorder's new total when the outcome's points changed. */
  experience: { userId: number; gained: number; experiencePoints: number } | null
}

const CORRECTION_NEEDS_BOOKING =
  'Ce lead n’a pas de rendez-vous : une issue « Rendez-vous » s’enregistre avec le créneau, sur la page du rendez-vous.'

async function hasAppointment(tx: Db, leadId: number) {
  const [row] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.leadId, leadId), isNull(appointments.cancelledAt)))
  return row !== undefined
}

const WINDOW_MS = LEAD_TAG_CORRECTION_MINUTES * 60_000

/** An outcome and its process; a detached outcome (removed from its process) has none. */
async function tagOf(tx: Db, callProcessTagId: number) {
  const [row] = await tx
    .select({ tag: outcomeColumns, callProcessId: callProcessSteps.callProcessId })
    .from(callProcessTags)
    .innerJoin(tags, eq(tags.id, callProcessTags.tagId))
    .leftJoin(callProcessSteps, eq(callProcessSteps.id, callProcessTags.stepId))
    .where(eq(callProcessTags.id, callProcessTagId))
  return row
}

/** A teleoperator corrects their own latest outcome on a lead nobody else holds, for 15 minutes. */
function assertTeleoperatorMay(
  input: CorrectionInput,
  leadTag: LeadTagRow,
  isLatest: boolean,
  processingUserId: number | null,
  now: Date,
) {
  if (input.user.role !== 'TELEOPERATOR') return
  if (leadTag.userId !== input.user.id)
    throw errors.forbidden('Vous ne pouvez corriger que les résultats que vous avez enregistrés.')
  if (processingUserId !== null && processingUserId !== input.user.id)
    throw errors.forbidden(messages.leadHeldByOther)
  if (!isLatest)
    throw errors.forbidden('Ce résultat n’est plus le dernier du lead : seul un manager peut le corriger.')
  if (now.getTime() - leadTag.createdAt.getTime() > WINDOW_MS)
    throw errors.forbidden(
      `Le délai de correction (${LEAD_TAG_CORRECTION_MINUTES} minutes) est dépassé : seul un manager peut le corriger.`,
    )
}

/** The lead (locked) and its lead tag, or 404; whether the tag is the lead's latest. */
async function loadTarget(tx: Db, input: CorrectionInput) {
  const [row] = await tx
    .select({ lead: leads, callProcessId: missions.callProcessId })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .where(eq(leads.id, input.leadId))
    .for('update', { of: leads })
  if (!row) throw errors.notFound(messages.leadNotFound)
  const [leadTag] = await tx
    .select()
    .from(leadTags)
    .where(and(eq(leadTags.id, input.leadTagId), eq(leadTags.leadId, row.lead.id)))
  if (!leadTag) throw errors.notFound('Ce résultat d’appel n’existe pas sur ce lead.')
  const [latest] = await tx
    .select({ id: leadTags.id })
    .from(leadTags)
    .where(eq(leadTags.leadId, row.lead.id))
    .orderBy(desc(leadTags.createdAt), desc(leadTags.id))
    .limit(1)
  return { ...row, leadTag, isLatest: latest?.id === leadTag.id }
}

/** The new tag belongs to the lead's mission's call process; the step is one of its steps (400). */
async function validTag(tx: Db, callProcessId: number | null, input: CorrectionInput): Promise<TagRow> {
  const next = await tagOf(tx, input.callProcessTagId)
  if (!next || callProcessId === null || next.callProcessId !== callProcessId)
    throw errors.invalid(messages.tagOutsideCallProcess, {
      callProcessTagId: 'Tag inconnu pour cette mission.',
    })
  const numbers = (
    await tx
      .select({ number: callProcessSteps.number })
      .from(callProcessSteps)
      .where(eq(callProcessSteps.callProcessId, callProcessId))
      .orderBy(asc(callProcessSteps.number))
  ).map((s) => s.number)
  if (!numbers.includes(input.step))
    throw errors.invalid('Cette étape n’existe pas dans le processus d’appel de la mission.', {
      step: `Étape entre 1 et ${Math.max(0, ...numbers)}.`,
    })
  return next.tag
}

type Values = { callProcessTagId: number; step: number; status: LeadStatus; substatus: LeadSubstatus | null }

/** The lead takes the corrected step, status and substatus; another outcome, another recall time. */
async function applyToLead(
  tx: Db,
  lead: LeadRow,
  leadTag: LeadTagRow,
  next: TagRow,
  after: Values,
  now: Date,
) {
  const recallAt =
    after.callProcessTagId === leadTag.callProcessTagId
      ? lead.recallAt
      : next.recallDelayMinutes === null
        ? null
        : new Date(leadTag.createdAt.getTime() + next.recallDelayMinutes * 60_000)
  await tx
    .update(leads)
    .set({
      step: after.step,
      status: after.status,
      substatus: after.substatus,
      recallAt,
      updatedAt: new Date(Math.max(now.getTime(), lead.updatedAt.getTime() + 1)),
    })
    .where(eq(leads.id, lead.id))
}

export async function correctLeadTag(db: Db, input: CorrectionInput): Promise<CorrectionOutcome> {
  const now = input.now ?? new Date()
  return db.transaction(async (tx) => {
    const { lead, callProcessId, leadTag, isLatest } = await loadTarget(tx, input)
    assertTeleoperatorMay(input, leadTag, isLatest, lead.processingUserId, now)
    const next = await validTag(tx, callProcessId, input)
    const previous = await tagOf(tx, leadTag.callProcessTagId)
    const after: Values = {
      callProcessTagId: next.id,
      step: input.step,
      status: input.status,
      substatus: input.substatus,
    }
    const changed = (Object.keys(after) as (keyof Values)[]).some((key) => after[key] !== leadTag[key])
    if (!changed) return { lead, leadTag, appliedToLead: isLatest, changed, experience: null }

    // Another outcome takes its label as it is now; the same outcome keeps the label it was tagged with.
    const label = next.id === leadTag.callProcessTagId ? (leadTag.label ?? next.label) : next.label
    const [updated] = await tx
      .update(leadTags)
      .set({ ...after, label })
      .where(eq(leadTags.id, leadTag.id))
      .returning()
    if (isLatest) {
      // Issue #29 point 3: no lead « Rendez-vous » without an appointment.
      if ((after.status === 'APPOINTMENT' || needsBooking(next)) && !(await hasAppointment(tx, lead.id)))
        throw errors.conflict(CORRECTION_NEEDS_BOOKING)
      await applyToLead(tx, lead, leadTag, next, after, now)
    }
    // The recorder keeps the points of the outcome as corrected, not of the one first chosen: the
    // outcome's ledger row takes the new points (issue #14, server/domain/gamification/engine.ts).
    const experience = await correctTagPoints(tx, {
      leadTagId: leadTag.id,
      recorderId: leadTag.userId,
      points: next.experiencePoints,
      previousPoints: previous?.tag.experiencePoints ?? 0,
      onCall: leadTag.callId !== null,
    })
    const before = {
      callProcessTagId: leadTag.callProcessTagId,
      // Rows older than lead_tags.label read the outcome's current label.
      label: leadTag.label ?? previous?.tag.label ?? null,
      step: leadTag.step,
      status: leadTag.status,
      substatus: leadTag.substatus,
    }
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      userId: input.user.id,
      kind: 'tag',
      data: {
        corrected: true,
        leadTagId: leadTag.id,
        appliedToLead: isLatest,
        before,
        after: { ...after, label: next.label },
      },
    })
    return { lead, leadTag: updated!, appliedToLead: isLatest, changed, experience }
  })
}
