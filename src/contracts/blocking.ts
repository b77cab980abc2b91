// Blocking reasons (spec §2, §8): the server redirects with `?redirect=…&cause=…` and the client
// explains the cause in the blocking-reason overlay.
export const BLOCKING_CAUSES = {
  UNFINISHED_PROCESSING_LEAD: 'UNFINISHED_PROCESSING_LEAD',
  UNTAGGED_CALL: 'UNTAGGED_CALL',
  ONGOING_CALL: 'ONGOING_CALL',
} as const
export type BlockingCause = (typeof BLOCKING_CAUSES)[keyof typeof BLOCKING_CAUSES]

/** Query parameters that carry a blocking reason; the overlay shows only when both are present. */
export const BLOCKING_QUERY = { redirect: 'redirect', cause: 'cause' } as const

export function isBlockingCause(value: string | null): value is BlockingCause {
  return value !== null && Object.hasOwn(BLOCKING_CAUSES, value)
}
