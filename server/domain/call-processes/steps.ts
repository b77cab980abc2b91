// Saving a call process's steps (issue #12 "Call processes", docs/domain.md "Call processes"): the
// checks the body's schema cannot make alone (processProblems, with the tag catalogue) and the
// write of the whole step list inside the caller's transaction: steps renumbered 1..n in the body's
// order, a kept step's outcomes keep their ids while their tag stays, removed outcomes detached or
// deleted, and the leads of the missions using the process moved with their step.
import { and, eq, inArray, notExists, sql } from 'drizzle-orm'
import {
  processProblems,
  STRANDED_LEADS,
  type StepInput,
  type TagEffect,
} from '../../../src/contracts/call-process-form.ts'
import { callProcessSteps, callProcessTags, leadTags, leads, tags } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'
import { leadsOfProcess, leadsPerStep } from './reads.ts'

export const saveMessages = {
  invalid: 'Le process d’appel ne peut pas être enregistré : corrigez les champs signalés.',
  foreignStep: 'Cette étape n’appartient pas à ce process d’appel.',
  stranded: 'Des leads sont sur une étape supprimée : choisissez l’étape où ils passent.',
  badDestination: (count: number) => `Choisissez une étape entre 1 et ${count}.`,
  notRemoved: 'Cette étape n’est pas supprimée.',
} as const

export type StrandedStep = { number: number; title: string; leadCount: number }

/** 409 STRANDED_LEADS: the removed steps whose leads have no destination (the route adds `strandedSteps`). */
export class StrandedLeadsError extends HttpError {
  readonly strandedSteps: StrandedStep[]
  constructor(strandedSteps: StrandedStep[]) {
    super(409, STRANDED_LEADS, saveMessages.stranded, {
      fields: Object.fromEntries(
        strandedSteps.map((step) => [`reassign.${step.number}`, saveMessages.stranded]),
      ),
      // The answer carries the steps beside the error: per removed step, the leads needing a destination.
      extraBody: { strandedSteps },
    })
    this.strandedSteps = strandedSteps
  }
}

function invalid(fields: Record<string, string>): HttpError {
  return new HttpError(422, 'VALIDATION_ERROR', saveMessages.invalid, { fields })
}

/** processProblems with the catalogue as it is in the transaction, and step ids that are this process's. */
export async function assertSavable(tx: Tx, steps: readonly StepInput[], ownStepIds: ReadonlySet<number>) {
  const tagIds = [...new Set(steps.flatMap((step) => step.outcomes.map((outcome) => outcome.tagId)))]
  const rows = tagIds.length
    ? await tx
        .select({ id: tags.id, endsProcessing: tags.endsProcessing, retiredAt: tags.retiredAt })
        .from(tags)
        .where(inArray(tags.id, tagIds))
    : []
  const tagsById = new Map<number, TagEffect>(
    rows.map((row) => [
      row.id,
      { id: row.id, endsProcessing: row.endsProcessing, retired: row.retiredAt !== null },
    ]),
  )
  const fields: Record<string, string> = {}
  for (const problem of processProblems(steps, tagsById)) fields[problem.path] ??= problem.message
  const seen = new Set<number>()
  steps.forEach((step, index) => {
    if (step.id === undefined) return
    if (!ownStepIds.has(step.id) || seen.has(step.id)) fields[`steps.${index}.id`] = saveMessages.foreignStep
    seen.add(step.id)
  })
  if (Object.keys(fields).length > 0) throw invalid(fields)
}

type SavedStep = { id: number; number: number; title: string }

/** Old number → new number of every saved step's leads; 409 when a removed step's leads have none. */
async function leadMoves(
  tx: Tx,
  callProcessId: number,
  saved: readonly SavedStep[],
  steps: readonly StepInput[],
  reassign: Readonly<Record<string, number>>,
): Promise<Map<number, number>> {
  const newNumber = new Map(
    steps.flatMap((step, i) => (step.id === undefined ? [] : [[step.id, i + 1] as const])),
  )
  const moves = new Map<number, number>()
  const fields: Record<string, string> = {}
  const removed = new Set<number>()
  for (const step of saved) {
    const kept = newNumber.get(step.id)
    if (kept !== undefined) moves.set(step.number, kept)
    else removed.add(step.number)
  }
  for (const [key, target] of Object.entries(reassign)) {
    const old = Number(key)
    if (!removed.has(old)) fields[`reassign.${key}`] = saveMessages.notRemoved
    else if (target > steps.length) fields[`reassign.${key}`] = saveMessages.badDestination(steps.length)
    else moves.set(old, target)
  }
  if (Object.keys(fields).length > 0) throw invalid(fields)
  const perStep = await leadsPerStep(tx, callProcessId)
  const stranded = saved
    .filter(
      (step) => removed.has(step.number) && !moves.has(step.number) && (perStep.get(step.number) ?? 0) > 0,
    )
    .map((step) => ({ number: step.number, title: step.title, leadCount: perStep.get(step.number)! }))
  if (stranded.length > 0) throw new StrandedLeadsError(stranded)
  return moves
}

/** Outcomes leaving their step: detached when lead tags name them (their history), else deleted. */
async function dropOutcomes(tx: Tx, ids: number[]) {
  if (ids.length === 0) return
  await tx.update(callProcessTags).set({ stepId: null }).where(inArray(callProcessTags.id, ids))
  await tx.delete(callProcessTags).where(
    and(
      inArray(callProcessTags.id, ids),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(leadTags)
          .where(eq(leadTags.callProcessTagId, callProcessTags.id)),
      ),
    ),
  )
}

/** Writes the steps and their outcomes; returns how many leads changed step. */
export async function saveSteps(
  tx: Tx,
  callProcessId: number,
  steps: readonly StepInput[],
  reassign: Readonly<Record<string, number>> = {},
): Promise<number> {
  const saved = await tx
    .select({ id: callProcessSteps.id, number: callProcessSteps.number, title: callProcessSteps.title })
    .from(callProcessSteps)
    .where(eq(callProcessSteps.callProcessId, callProcessId))
  await assertSavable(tx, steps, new Set(saved.map((step) => step.id)))
  const moves = await leadMoves(tx, callProcessId, saved, steps, reassign)
  const keptIds = new Set(steps.flatMap((step) => (step.id === undefined ? [] : [step.id])))
  const outcomes = saved.length
    ? await tx
        .select({ id: callProcessTags.id, stepId: callProcessTags.stepId, tagId: callProcessTags.tagId })
        .from(callProcessTags)
        .where(
          inArray(
            callProcessTags.stepId,
            saved.map((step) => step.id),
          ),
        )
    : []
  // Per kept step and tag, the outcome that stays (the oldest); every other saved outcome leaves.
  const staying = new Map<string, number>()
  for (const outcome of [...outcomes].sort((a, b) => a.id - b.id)) {
    const step = steps.find((wanted) => wanted.id === outcome.stepId)
    const key = `${outcome.stepId}:${outcome.tagId}`
    if (step?.outcomes.some((wanted) => wanted.tagId === outcome.tagId) && !staying.has(key))
      staying.set(key, outcome.id)
  }
  const stayingIds = new Set(staying.values())
  const dropped = outcomes.filter((outcome) => !stayingIds.has(outcome.id))
  await dropOutcomes(
    tx,
    dropped.map((outcome) => outcome.id),
  )
  const removedIds = saved.filter((step) => !keptIds.has(step.id)).map((step) => step.id)
  if (removedIds.length) await tx.delete(callProcessSteps).where(inArray(callProcessSteps.id, removedIds))
  // Numbers are unique per process: park the kept steps on negative numbers before renumbering.
  if (keptIds.size)
    await tx
      .update(callProcessSteps)
      .set({ number: sql`-${callProcessSteps.id}` })
      .where(inArray(callProcessSteps.id, [...keptIds]))
  for (const [index, step] of steps.entries()) {
    const values = { number: index + 1, title: step.title, script: step.script }
    let stepId = step.id
    if (stepId === undefined) {
      const [row] = await tx
        .insert(callProcessSteps)
        .values({ callProcessId, ...values })
        .returning()
      stepId = row!.id
    } else await tx.update(callProcessSteps).set(values).where(eq(callProcessSteps.id, stepId))
    for (const [position, outcome] of step.outcomes.entries()) {
      const id = staying.get(`${stepId}:${outcome.tagId}`)
      if (id === undefined)
        await tx
          .insert(callProcessTags)
          .values({ stepId, tagId: outcome.tagId, nextStep: outcome.nextStep, position })
      else
        await tx
          .update(callProcessTags)
          .set({ nextStep: outcome.nextStep, position })
          .where(eq(callProcessTags.id, id))
    }
  }
  return moveLeads(tx, callProcessId, moves)
}

/** The leads of the missions using the process follow their step (one statement, rows locked). */
async function moveLeads(tx: Tx, callProcessId: number, moves: Map<number, number>): Promise<number> {
  const changes = [...moves].filter(([from, to]) => from !== to)
  if (changes.length === 0) return 0
  const cases = sql.join(
    changes.map(([from, to]) => sql`when ${from}::int then ${to}::int`),
    sql` `,
  )
  const moved = await tx
    .update(leads)
    .set({ step: sql`case ${leads.step} ${cases} end`, updatedAt: new Date() })
    .where(
      and(
        leadsOfProcess(callProcessId),
        inArray(
          leads.step,
          changes.map(([from]) => from),
        ),
      ),
    )
    .returning({ id: leads.id })
  return moved.length
}
