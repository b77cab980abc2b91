// Optimistic concurrency (issue #12 "Concurrency"): a change names the version it was made from; a
// stale one is refused with 409 `STALE_VERSION`, the French reason and the entity as it is now.
import { z } from 'zod'
import { errorBodySchema } from './common.ts'
import { versionSchema } from './team-form.ts'

// The code lives in a zod-free module so the client's boot chunk can import it without zod.
export { STALE_VERSION } from './error-codes.ts'

/** The body of a change that only needs the version (archive, restore). */
export const versionBodySchema = z.object({ version: versionSchema })
export type VersionBody = z.infer<typeof versionBodySchema>

/** The 409 of a versioned entity's changes: a conflict, or a stale version with `current`. */
export function conflictBodySchema<T extends z.ZodType>(entity: T) {
  return errorBodySchema.extend({ current: entity.optional() })
}
