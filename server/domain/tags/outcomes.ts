// A step's outcomes as agents use them (issue #12 "Tags"): the call_process_tags row (which step,
// where it sends the lead, its order) joined with its catalogue tag (label, colour, effects, points).
// Every reader of outcomes goes through here, so a renamed or changed tag shows at once.
import { asc, eq } from 'drizzle-orm'
import { callProcessTags, tags } from '../../db/schema.ts'
import type { Tx } from '../audit/trail.ts'

export const outcomeColumns = {
  id: callProcessTags.id,
  stepId: callProcessTags.stepId,
  tagId: callProcessTags.tagId,
  position: callProcessTags.position,
  nextStep: callProcessTags.nextStep,
  label: tags.label,
  color: tags.color,
  status: tags.status,
  substatus: tags.substatus,
  recallDelayMinutes: tags.recallDelayMinutes,
  endsProcessing: tags.endsProcessing,
  requiresAppointment: tags.requiresAppointment,
  asksRecallDate: tags.asksRecallDate,
  withoutCall: tags.withoutCall,
  experiencePoints: tags.experiencePoints,
}

/** An outcome: the step's link and its tag's label and effects. */
export type Outcome = {
  id: number
  stepId: number | null
  tagId: number
  position: number
  nextStep: number | null
  label: string
  color: string
  status: (typeof tags.$inferSelect)['status']
  substatus: (typeof tags.$inferSelect)['substatus']
  recallDelayMinutes: number | null
  endsProcessing: boolean
  requiresAppointment: boolean
  asksRecallDate: boolean
  withoutCall: boolean
  experiencePoints: number
}

/** A select of outcomes (add `.where`); in the steps' order when `.orderBy(...outcomeOrder)` is added. */
export function selectOutcomes(db: Tx) {
  return db.select(outcomeColumns).from(callProcessTags).innerJoin(tags, eq(tags.id, callProcessTags.tagId))
}

export const outcomeOrder = [asc(callProcessTags.position), asc(callProcessTags.id)] as const

/** The agent payload of an outcome (src/contracts/lead.ts `callProcessTagSchema`). */
export function outcomePayload(outcome: Outcome) {
  return {
    id: outcome.id,
    label: outcome.label,
    nextStep: outcome.nextStep,
    status: outcome.status,
    substatus: outcome.substatus,
    recallDelayMinutes: outcome.recallDelayMinutes,
    endsProcessing: outcome.endsProcessing,
    requiresAppointment: outcome.requiresAppointment,
    asksRecallDate: outcome.asksRecallDate,
    withoutCall: outcome.withoutCall,
    experiencePoints: outcome.experiencePoints,
  }
}
