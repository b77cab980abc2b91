// What the editor makes of a refused save (issue #12): a stale version (409 STALE_VERSION, with the
// process as it now is in `current`), leads a removal would strand (409 STRANDED_LEADS: a
// `strandedSteps` list, or `error.fields` keyed by the old step number), or fields refused (400/422
// `error.fields`, keyed like `steps.0.outcomes.1.nextStep`).
import { ApiError } from '../../../api/client.ts'
import { STRANDED_LEADS } from '../../../contracts/call-process-form.ts'
import type { CallProcessDetail } from '../../../contracts/call-processes.ts'
import { STALE_VERSION } from '../../../contracts/error-codes.ts'

export type StaleRefusal = { message: string; current: CallProcessDetail | null }

/** A removed step (its number before the save) whose leads need a destination. */
export type StrandedStep = { number: number; title: string; leadCount: number | null; message: string | null }

function codeOf(error: unknown, status: number): string | null {
  return error instanceof ApiError && error.status === status ? (error.body?.error.code ?? null) : null
}

export function staleRefusal(error: unknown): StaleRefusal | null {
  if (codeOf(error, 409) !== STALE_VERSION) return null
  const body = (error as ApiError).body as { error: { message: string }; current?: unknown }
  const current = body.current
  const usable = typeof current === 'object' && current !== null && 'steps' in current && 'version' in current
  return { message: body.error.message, current: usable ? (current as CallProcessDetail) : null }
}

function isStranded(item: unknown): item is { number: number; title?: unknown; leadCount?: unknown } {
  return (
    typeof item === 'object' && item !== null && typeof (item as { number?: unknown }).number === 'number'
  )
}

export function strandedRefusal(error: unknown): StrandedStep[] | null {
  if (codeOf(error, 409) !== STRANDED_LEADS) return null
  const body = (error as ApiError).body as {
    error: { fields?: Record<string, string>; strandedSteps?: unknown }
    strandedSteps?: unknown
  }
  const list = body.strandedSteps ?? body.error.strandedSteps
  if (Array.isArray(list))
    return list.filter(isStranded).map((item) => ({
      number: item.number,
      title: typeof item.title === 'string' ? item.title : '',
      leadCount: typeof item.leadCount === 'number' ? item.leadCount : null,
      message: null,
    }))
  return Object.entries(body.error.fields ?? {}).flatMap(([key, message]) => {
    const last = key.split('.').at(-1) ?? ''
    return /^\d+$/.test(last) ? [{ number: Number(last), title: '', leadCount: null, message }] : []
  })
}

/** The refused fields of a 400 or 422 answer, by react-hook-form path. */
export function refusedFields(error: unknown): [string, string][] {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return []
  return Object.entries(error.body?.error.fields ?? {})
}
