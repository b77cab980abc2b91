// The editor's step edits (issue #12): add, move and remove, keeping every "étape suivante" on the
// step it named (numbers follow the moves; a removed step's references become an error to fix), and
// the destinations of removed steps' leads, sent as `reassign` (old number → new number) on save.
import { useState } from 'react'
import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import type { CallProcessDetail } from '../../../contracts/call-processes.ts'
import type { DestinationRequest } from './destination-dialog.tsx'
import {
  movedNumbers,
  newStep,
  REMOVED_STEP,
  removedNumbers,
  type EditorValues,
  type SavedValues,
} from './editor-values.ts'

/** The leads of a saved step that is no longer in the form, and the step (by key) they go to. */
export type LeadMove = { oldNumber: number; title: string; leads: number; destinationKey: string | null }

export type Removal = DestinationRequest & { index: number; key: string }

export function useStepEdits(
  form: UseFormReturn<EditorValues, unknown, SavedValues>,
  process: CallProcessDetail | null,
) {
  const steps = useFieldArray({ control: form.control, name: 'steps' })
  const [moves, setMoves] = useState<LeadMove[]>([])
  const [removal, setRemoval] = useState<Removal | null>(null)
  const keys = steps.fields.map((field) => field.id)
  const savedSteps = new Map((process?.steps ?? []).map((step) => [step.id, step]))
  const savedOf = (index: number) => {
    const id = form.getValues(`steps.${index}.stepId`)
    return id === undefined ? undefined : savedSteps.get(id)
  }

  function renumber(change: (number: number) => number) {
    const validate = form.formState.isSubmitted
    form.getValues('steps').forEach((step, index) =>
      step.outcomes.forEach((outcome, outcomeIndex) => {
        if (outcome.nextStep === null || outcome.nextStep === REMOVED_STEP) return
        const next = change(outcome.nextStep)
        if (next !== outcome.nextStep)
          form.setValue(`steps.${index}.outcomes.${outcomeIndex}.nextStep`, next, { shouldDirty: true })
      }),
    )
    if (validate) void form.trigger()
  }

  function add(title: string) {
    steps.append(newStep(title))
    if (form.formState.isSubmitted) void form.trigger()
  }

  function move(from: number, to: number) {
    const count = keys.length
    steps.move(from, to)
    renumber(movedNumbers(count, from, to))
  }

  /**
   * Removes at once when no lead is at the step (true); otherwise asks where they go (`removal`,
   * false).
   */
  function requestRemove(index: number): boolean {
    const key = keys[index]
    if (key === undefined) return false
    const saved = savedOf(index)
    const inherited = moves.filter((leadMove) => leadMove.destinationKey === key)
    const leads = (saved?.leadCount ?? 0) + inherited.reduce((sum, leadMove) => sum + leadMove.leads, 0)
    if (leads === 0) {
      remove(index, null)
      return true
    }
    const titles = form.getValues('steps').map((step) => step.title.trim())
    const choices = keys.flatMap((choiceKey, choiceIndex) =>
      choiceIndex === index
        ? []
        : [
            {
              key: choiceKey,
              number: choiceIndex < index ? choiceIndex + 1 : choiceIndex,
              title: titles[choiceIndex] ?? '',
            },
          ],
    )
    setRemoval({ index, key, number: index + 1, leads, choices })
    return false
  }

  function remove(index: number, destinationKey: string | null) {
    const key = keys[index]
    const saved = savedOf(index)
    setMoves((previous) => [
      ...previous.map((leadMove) =>
        leadMove.destinationKey === key ? { ...leadMove, destinationKey } : leadMove,
      ),
      ...(saved && saved.leadCount > 0
        ? [{ oldNumber: saved.number, title: saved.title, leads: saved.leadCount, destinationKey }]
        : []),
    ])
    setRemoval(null)
    steps.remove(index)
    renumber(removedNumbers(index))
  }

  /** A destination chosen after the server said leads would be stranded (409 STRANDED_LEADS). */
  function setDestination(oldNumber: number, title: string, destinationKey: string | null) {
    setMoves((previous) =>
      previous.some((leadMove) => leadMove.oldNumber === oldNumber)
        ? previous.map((leadMove) =>
            leadMove.oldNumber === oldNumber ? { ...leadMove, destinationKey } : leadMove,
          )
        : [...previous, { oldNumber, title, leads: 0, destinationKey }],
    )
  }

  /** `reassign` of the body: old number → the destination's number now. */
  function reassign(): Record<string, number> | undefined {
    const entries = moves.flatMap(({ oldNumber, destinationKey }) => {
      const index = destinationKey === null ? -1 : keys.indexOf(destinationKey)
      return index === -1 ? [] : [[String(oldNumber), index + 1] as [string, number]]
    })
    return entries.length > 0 ? Object.fromEntries(entries) : undefined
  }

  const leadCounts = keys.map((_, index) => savedOf(index)?.leadCount ?? 0)

  return {
    keys,
    leadCounts,
    moves,
    removal,
    add,
    move,
    requestRemove,
    confirmRemove: (destinationKey: string) => removal && remove(removal.index, destinationKey),
    cancelRemove: () => setRemoval(null),
    setDestination,
    reassign,
    clearMoves: () => setMoves([]),
  }
}
