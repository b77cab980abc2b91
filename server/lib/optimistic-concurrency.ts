// Optimistic concurrency for back-office entities (issue #12 "Concurrency", docs/domain.md "Audit and
// concurrency"): a change carries the version it was made from; the entity's row is locked, and a
// version that is no longer the current one is refused with 409 STALE_VERSION, a French reason and
// the entity as it is now, so the client shows what changed instead of silently overwriting it.
import { STALE_VERSION } from '../../src/contracts/concurrency.ts'
import { HttpError } from './http-error.ts'

export const STALE_VERSION_MESSAGE =
  'Quelqu’un d’autre a modifié cet élément entre-temps. La version actuelle est affichée : vérifiez-la puis recommencez.'

export function staleVersion(current: unknown): HttpError {
  return new HttpError(409, STALE_VERSION, STALE_VERSION_MESSAGE, { current })
}

/**
 * Throws the stale-version 409 when `expected` (what the client edited) is not `actual` (the locked
 * row's version); `current` reads the entity to return, only then.
 */
export async function assertVersion(
  actual: number,
  expected: number,
  current: () => Promise<unknown>,
): Promise<void> {
  if (actual !== expected) throw staleVersion(await current())
}
