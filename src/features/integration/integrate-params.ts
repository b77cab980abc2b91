// What /integration/integrate shows (issue #13): the import open, from the URL (`?import={id}`), and
// the step its state calls for, so a reload or a later visit resumes where the import is.
import type { ImportDetail } from '../../contracts/imports.ts'
import type { ImportStep } from './import-stepper.tsx'

/** The settings reopened from the preview (or not yet sent). */
export type Editing = 'mapping' | 'target' | null

/** The step an import's state calls for; `editing`: the settings reopened from the preview. */
export function stepOf(state: ImportDetail['state'], editing: Editing): ImportStep {
  switch (state) {
    case 'uploaded':
      return editing ?? 'mapping'
    case 'analysing':
      return 'preview'
    case 'ready':
      return editing ?? 'preview'
    case 'queued':
    case 'running':
      return 'progress'
    default:
      return 'report'
  }
}

/** `?import=` when it is an import id, else null. */
export function importIdOf(params: URLSearchParams): number | null {
  const value = Number(params.get('import'))
  return Number.isInteger(value) && value > 0 ? value : null
}
