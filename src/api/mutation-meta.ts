// The keys a mutation's `meta` may carry, typed for every mutation through TanStack Query's
// `Register`: the app reads them from the mutation cache (src/app/query-client.ts error policy,
// src/app/session-sync.ts session changes).
import type { ErrorPolicyMeta } from './error-message.ts'

export type AppMutationMeta = ErrorPolicyMeta & {
  /** Signs in, out or as someone else: the other tabs follow (src/app/session-sync.ts). */
  changesSession?: boolean
}

declare module '@tanstack/react-query' {
  // Declaration merging: only an interface extends TanStack's own `Register`.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    mutationMeta: AppMutationMeta
  }
}
