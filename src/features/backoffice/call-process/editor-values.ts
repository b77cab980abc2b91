// The call-process editor's form values (issue #12 "Call processes"): the contract's body as
// react-hook-form edits it, its validation (the contract's zod/mini schema, then `processProblems`
// with the tag catalogue), and the renumbering of "étape suivante" when steps move or go.
import { zodResolver } from '@hookform/resolvers/zod'
import { set, type FieldErrors, type Resolver } from 'react-hook-form'
import {
  createCallProcessBodySchema,
  processProblems,
  updateCallProcessBodySchema,
  type StepInput,
  type TagEffect,
} from '../../../contracts/call-process-form.ts'
import type { CallProcessDetail } from '../../../contracts/call-processes.ts'
import type { CatalogueTag } from '../../../api/tag-catalogue.ts'

/** The editor's URL segment for a process not yet created: /backoffice/call-process/nouveau. */
export const NEW_CALL_PROCESS = 'nouveau'

/** An outcome whose "étape suivante" was removed: shown as an error until another is chosen. */
export const REMOVED_STEP = 0
/** An outcome whose tag is not chosen yet. */
export const NO_TAG = 0

export type EditorOutcome = { tagId: number; nextStep: number | null }
/** `stepId`, not `id`: react-hook-form's field arrays key their items by `id`. */
export type EditorStep = { stepId?: number; title: string; script: string; outcomes: EditorOutcome[] }
export type EditorValues = { name: string; version?: number; steps: EditorStep[] }
/** What a valid form gives: the contract's body (steps with their `id`). */
export type SavedValues = { name: string; version?: number; steps: StepInput[] }

/** The body of the form's values (the schema trims and checks it). */
export function bodyOf(values: EditorValues): SavedValues {
  return {
    name: values.name,
    ...(values.version === undefined ? {} : { version: values.version }),
    steps: values.steps.map(({ stepId, title, script, outcomes }) => ({
      ...(stepId === undefined ? {} : { id: stepId }),
      title,
      script,
      outcomes: outcomes.map(({ tagId, nextStep }) => ({ tagId, nextStep })),
    })),
  }
}

export function valuesOf(process: CallProcessDetail): EditorValues {
  return {
    name: process.name,
    version: process.version,
    steps: process.steps.map((step) => ({
      stepId: step.id,
      title: step.title,
      script: step.script,
      outcomes: step.outcomes.map(({ tagId, nextStep }) => ({ tagId, nextStep })),
    })),
  }
}

export const EMPTY_VALUES: EditorValues = { name: '', steps: [] }

export function newStep(title: string): EditorStep {
  return { title, script: '', outcomes: [{ tagId: NO_TAG, nextStep: null }] }
}

export function tagEffects(tags: readonly CatalogueTag[]): Map<number, TagEffect> {
  return new Map(
    tags.map((tag) => [
      tag.id,
      { id: tag.id, endsProcessing: tag.endsProcessing, retired: tag.retiredAt !== null },
    ]),
  )
}

/**
 * The schema of the mode (creating: no version), then the rules that need the catalogue; a field's
 * first message wins. An array's own message (e.g. "au moins une issue") is under its `root` when
 * some of its items also have errors: `arrayError` reads both.
 */
export function editorResolver(
  creating: boolean,
  tagsById: ReadonlyMap<number, TagEffect>,
  messages: { chooseTag: string },
): Resolver<EditorValues, unknown, SavedValues> {
  const schema = creating ? createCallProcessBodySchema : updateCallProcessBodySchema
  const base = zodResolver(schema) as unknown as Resolver<SavedValues>
  return async (values, context, options) => {
    const result = await base(bodyOf(values), context, options as never)
    const errors: FieldErrors<EditorValues> = { ...result.errors }
    values.steps.forEach((step, index) =>
      step.outcomes.forEach((outcome, outcomeIndex) => {
        // An unchosen tag reads "choose one" rather than the schema's "invalid id".
        if (outcome.tagId === NO_TAG)
          set(errors, `steps.${index}.outcomes.${outcomeIndex}.tagId`, {
            type: 'required',
            message: messages.chooseTag,
          })
      }),
    )
    for (const problem of processProblems(values.steps as Pick<StepInput, 'outcomes'>[], tagsById)) {
      if (problem.path.endsWith('.tagId') && getTagId(values, problem.path) === NO_TAG) continue
      addError(errors, problem.path, problem.message)
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors }
    return { values: result.values as SavedValues, errors: {} }
  }
}

function getTagId(values: EditorValues, path: string): number | undefined {
  const [, step, , outcome] = path.split('.')
  return values.steps[Number(step)]?.outcomes[Number(outcome)]?.tagId
}

/** Adds `message` at `path` unless the field already has one; an array's goes to its `root`. */
function addError(errors: FieldErrors<EditorValues>, path: string, message: string) {
  const existing = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      errors,
    )
  const error = { type: 'process', message }
  if (existing === undefined) set(errors, path, error)
  else if (typeof existing === 'object' && existing !== null && !('message' in existing))
    set(errors, `${path}.root`, error)
}

/** The message of an array field: its own, or under `root` when its items have errors too. */
export function arrayError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } }
  if (typeof message === 'string') return message
  return typeof root?.message === 'string' ? root.message : undefined
}

/** Step numbers after moving the step at `from` to `to` (0-based): old number → new number. */
export function movedNumbers(count: number, from: number, to: number): (number: number) => number {
  const order = Array.from({ length: count }, (_, index) => index)
  const [moved] = order.splice(from, 1)
  order.splice(to, 0, moved!)
  return (number) => {
    const index = order.indexOf(number - 1)
    return index === -1 ? number : index + 1
  }
}

/** Step numbers after removing the step at `index` (0-based): its own number becomes REMOVED_STEP. */
export function removedNumbers(index: number): (number: number) => number {
  const removed = index + 1
  return (number) => (number === removed ? REMOVED_STEP : number > removed ? number - 1 : number)
}
