// The call processes' answers (issue #12; the bodies are in call-process-form.ts). Full zod: the
// server serialises with these; the client only reads the inferred types.
import { z } from 'zod'

const id = z.number().int()

export const callProcessListQuerySchema = z.object({
  search: z.string().trim().max(80).optional(),
  includeArchived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type CallProcessListQuery = {
  search?: string
  includeArchived?: boolean
  page?: number
  pageSize?: number
}

export const callProcessSummarySchema = z.object({
  id,
  name: z.string(),
  version: id,
  archivedAt: z.string().nullable(),
  stepCount: id,
  /** The missions that use it. */
  missions: z.array(z.object({ id, name: z.string() })),
  /** Leads of those missions currently in the process (any step). */
  leadCount: id,
})
export type CallProcessSummary = z.infer<typeof callProcessSummarySchema>

export const callProcessPageSchema = z.object({
  items: z.array(callProcessSummarySchema),
  total: id,
  page: id,
  pageSize: id,
})
export type CallProcessPage = z.infer<typeof callProcessPageSchema>

export const stepOutcomeSchema = z.object({
  /** The outcome's id: what agents send as `callProcessTagId`. */
  id,
  tagId: id,
  nextStep: id.nullable(),
})
export type StepOutcome = z.infer<typeof stepOutcomeSchema>

export const callProcessStepDetailSchema = z.object({
  id,
  number: id,
  title: z.string(),
  script: z.string(),
  /** Leads at this step now: the editor asks where they go before the step is removed. */
  leadCount: id,
  outcomes: z.array(stepOutcomeSchema),
})
export type CallProcessStepDetail = z.infer<typeof callProcessStepDetailSchema>

export const callProcessDetailSchema = z.object({
  id,
  name: z.string(),
  version: id,
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  missions: z.array(z.object({ id, name: z.string() })),
  steps: z.array(callProcessStepDetailSchema),
})
export type CallProcessDetail = z.infer<typeof callProcessDetailSchema>

/** The 409 STRANDED_LEADS detail: per removed step (old number), how many leads have nowhere to go. */
export const strandedStepsSchema = z.array(z.object({ number: id, title: z.string(), leadCount: id }))
