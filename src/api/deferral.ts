// Changes that are safe to defer (issue #5, docs/domain.md "Offline"): a lead comment, a preference.
// The API layer describes them as replayable requests; how they are sent is injected — the app
// registers its outbox (src/pwa/deferred-changes.ts) at start (src/main.tsx), tests register it too.
// Until then a change is sent at once, as a plain request.
import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from './client.ts'

/** What the change was, for the user (a failed replay names it). */
export type DeferredLabel = { kind: 'lead-comment'; leadId: number } | { kind: 'preference'; key: string }

/** A deferrable change: the request itself, replayable as is. */
export type DeferrableChange = {
  label: DeferredLabel
  method: 'PUT' | 'POST'
  path: string
  body: unknown
  /** Query keys to invalidate once the server applied it. */
  invalidates: readonly (readonly unknown[])[]
}

export type SubmitOutcome = { status: 'sent'; data: unknown } | { status: 'queued' }

/** Sends the change now, or stores it for later; a refusal (4xx) throws the ApiError. */
export type Deferral = (queryClient: QueryClient, change: DeferrableChange) => Promise<SubmitOutcome>

const sendNow: Deferral = async (_queryClient, { method, path, body }) => ({
  status: 'sent',
  data: await apiRequest(path, { method, body }),
})

let deferral: Deferral = sendNow

/** `null` goes back to sending at once. */
export function setDeferral(next: Deferral | null): void {
  deferral = next ?? sendNow
}

export function submitDeferrable(queryClient: QueryClient, change: DeferrableChange): Promise<SubmitOutcome> {
  return deferral(queryClient, change)
}
