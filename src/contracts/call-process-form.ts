// The call-process editor's body and answers (issue #12 "Call processes"), shared by the server's
// routes (server/routes/call-processes) and the back-office editor. zod/mini like team-form.ts: the
// editor validates with it through react-hook-form without loading full zod.
//
// A process is saved whole: its name and its ordered steps. Steps are numbered 1..n in the order
// given (a lead's step is matched against these numbers, spec §3). A step sent with its `id` is the
// same step as before, possibly moved: its leads follow it to its new number. A step of the saved
// process that is missing from the body is removed: its leads must be moved to a step the editor
// chooses in `reassign` (old number → new number), or the save is refused (409 STRANDED_LEADS).
import * as z from 'zod/mini'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'
import { versionSchema } from './team-form.ts'

export const CALL_PROCESS_NAME_MAX = 80
export const STEP_TITLE_MAX = 120
export const STEP_SCRIPT_MAX = 10_000
export const STEPS_MAX = 50
export const OUTCOMES_PER_STEP_MAX = 30

/** 409 code: the save would leave leads on a removed step; `strandedSteps` says how many where. */
export const STRANDED_LEADS = 'STRANDED_LEADS'

const positiveId = z.int().check(z.positive({ error: 'Identifiant invalide.' }))

function singleLine(label: string, max: number) {
  return z.string().check(
    z.trim(),
    z.minLength(1, { error: `${label} est obligatoire.` }),
    z.maxLength(max, { error: `${label} ne dépasse pas ${max} caractères.` }),
    z.refine((value) => !hasControlCharacter(value), { error: CONTROL_CHARACTERS_MESSAGE }),
  )
}

export const callProcessNameSchema = singleLine('Le nom du process d’appel', CALL_PROCESS_NAME_MAX)

/** One outcome a step offers: a catalogue tag, and where it sends the lead (null: stays on the step). */
export const stepOutcomeInputSchema = z.object({
  tagId: positiveId,
  nextStep: z.nullable(z.int().check(z.positive({ error: 'L’étape suivante n’existe pas.' }))),
})
export type StepOutcomeInput = z.infer<typeof stepOutcomeInputSchema>

export const stepInputSchema = z.object({
  /** The saved step this one is (absent for a new step). */
  id: z.optional(positiveId),
  title: singleLine('Le titre de l’étape', STEP_TITLE_MAX),
  script: z.string().check(
    z.maxLength(STEP_SCRIPT_MAX, { error: `Le script ne dépasse pas ${STEP_SCRIPT_MAX} caractères.` }),
    z.refine((value) => !hasControlCharacter(value, true), { error: CONTROL_CHARACTERS_MESSAGE }),
  ),
  outcomes: z.array(stepOutcomeInputSchema).check(
    z.minLength(1, { error: 'Chaque étape propose au moins une issue.' }),
    z.maxLength(OUTCOMES_PER_STEP_MAX, {
      error: `Une étape propose au plus ${OUTCOMES_PER_STEP_MAX} issues.`,
    }),
  ),
})
export type StepInput = z.infer<typeof stepInputSchema>

const stepsSchema = z
  .array(stepInputSchema)
  .check(
    z.minLength(1, { error: 'Le process d’appel a au moins une étape.' }),
    z.maxLength(STEPS_MAX, { error: `Le call process a au plus ${STEPS_MAX} étapes.` }),
  )

/** POST /api/call-processes */
export const createCallProcessBodySchema = z.object({ name: callProcessNameSchema, steps: stepsSchema })
export type CreateCallProcessBody = z.infer<typeof createCallProcessBodySchema>

/** PUT /api/call-process/{id}: the whole process, the version it was edited from, the moves of removed steps. */
export const updateCallProcessBodySchema = z.object({
  name: callProcessNameSchema,
  steps: stepsSchema,
  version: versionSchema,
  /** Old step number (a removed step) → new step number its leads move to. */
  reassign: z.optional(z.record(z.string(), z.int().check(z.positive()))),
})
export type UpdateCallProcessBody = z.infer<typeof updateCallProcessBodySchema>

/** POST /api/call-process/{id}/duplicate */
export const duplicateCallProcessBodySchema = z.object({ name: callProcessNameSchema })

/** What a catalogue tag tells the editor's validation (the tag catalogue, src/contracts/tags.ts). */
export type TagEffect = { id: number; endsProcessing: boolean; retired: boolean }

/** A rule the schema cannot check alone, with the field it belongs to (react-hook-form's path). */
export type ProcessProblem = { path: string; message: string }

/**
 * The rules that need the tag catalogue or several steps at once; the server applies the same
 * function (422 with `fields`) and the editor shows each message next to its field.
 */
export function processProblems(
  steps: readonly Pick<StepInput, 'outcomes'>[],
  tagsById: ReadonlyMap<number, TagEffect>,
): ProcessProblem[] {
  const problems: ProcessProblem[] = []
  steps.forEach((step, index) => {
    const offered = new Set<number>()
    step.outcomes.forEach((outcome, outcomeIndex) => {
      const path = `steps.${index}.outcomes.${outcomeIndex}`
      const tag = tagsById.get(outcome.tagId)
      // One outcome per tag and step: a saved outcome keeps its id while its tag stays on the step.
      if (offered.has(outcome.tagId))
        problems.push({ path: `${path}.tagId`, message: 'Ce tag est déjà proposé à cette étape.' })
      offered.add(outcome.tagId)
      if (!tag) problems.push({ path: `${path}.tagId`, message: 'Ce tag n’existe pas.' })
      else if (tag.retired)
        problems.push({ path: `${path}.tagId`, message: 'Ce tag est retiré : choisissez-en un autre.' })
      if (outcome.nextStep !== null && (outcome.nextStep < 1 || outcome.nextStep > steps.length))
        problems.push({ path: `${path}.nextStep`, message: 'L’étape suivante n’existe pas.' })
    })
  })
  const last = steps.at(-1)
  if (last && !last.outcomes.some((outcome) => tagsById.get(outcome.tagId)?.endsProcessing))
    problems.push({
      path: `steps.${steps.length - 1}.outcomes`,
      message: 'La dernière étape propose au moins une issue qui termine le traitement.',
    })
  return problems
}
