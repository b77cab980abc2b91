// Issue #29 point 4: the outcome and, at once, the next lead's hand-out (only the lead sheet needs it).
import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../api/client.ts'
import { notifyRefusal } from '../../api/error-message.ts'
import { invalidateLeadsAndMe, type TagResponse } from '../../api/leads.ts'
import { nextLeadAfter, type ChainOptions } from '../../api/next-lead.ts'
import type { FindLeadResponse, TagBody } from '../../contracts/lead.ts'

/** The outcome, then (issue #29) the next lead when the outcome released this one. */
export type TagThenNextInput = TagBody & ChainOptions
/** `next`: the next lead's hand-out, when one was asked for (its redirect already followed). */
export type TagThenNextResponse = TagResponse & { next: FindLeadResponse | null }

/**
 * POST /api/calls/tag and, when it released the lead and the agent chains (issue #29 point 4), the
 * next lead at once (nextLeadAfter): from the outcome straight to the next lead's sheet, never /home.
 */
export async function tagCallThenNext({
  chain,
  onHandedOut,
  ...body
}: TagThenNextInput): Promise<TagThenNextResponse> {
  const tagged = await apiRequest<TagResponse>('/api/calls/tag', {
    method: 'POST',
    body,
    followRedirect: false,
  })
  return { ...tagged, next: await nextLeadAfter(tagged, { chain, onHandedOut }) }
}

/** Invalidates: leads, me (the lead may be released and the call tagged). */
export function tagCallThenNextMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: tagCallThenNext,
    onSuccess: () => invalidateLeadsAndMe(queryClient),
    meta: notifyRefusal,
  })
}
