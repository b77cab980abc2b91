// Issue #29 point 4: the outcome and, at once, the next lead's hand-out (only the lead sheet needs it).
import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import { apiRequest, followSuccessRedirect } from '../../api/client.ts'
import { apiErrorNotice, notifyRefusal } from '../../api/error-message.ts'
import { invalidateLeadsAndMe, notifyMessage, type TagResponse } from '../../api/leads.ts'
import { navigation } from '../../api/navigation-port.ts'
import { paths } from '../../contracts/app-paths.ts'
import type { FindLeadResponse, TagBody } from '../../contracts/lead.ts'
import { notify } from '../../stores/notifications.ts'

/** The outcome, then (issue #29) the next lead when the outcome released this one. */
export type TagThenNextInput = TagBody & {
  /** Hand out the next lead at once (the agent did not pause the chaining). */
  chain: boolean
  /** Called with the hand-out's redirect before the next lead's sheet opens. */
  onHandedOut?: (redirect: string) => void
}
/** `next`: the next lead's hand-out, when one was asked for (its redirect already followed). */
export type TagThenNextResponse = TagResponse & { next: FindLeadResponse | null }

/**
 * POST /api/calls/tag and, when it released the lead and the agent chains (issue #29 point 4),
 * POST /api/lead/find-lead-to-process at once: the agent goes from the outcome straight to the next
 * lead's sheet, never through /home. Nothing left to hand out (or a refused hand-out): /home with the
 * hand-out's French message. The outcome is recorded either way; a failed hand-out does not undo it.
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
  if (!chain || tagged.redirect !== paths.home()) {
    followSuccessRedirect(tagged)
    return { ...tagged, next: null }
  }
  try {
    const next = await apiRequest<FindLeadResponse>('/api/lead/find-lead-to-process', {
      method: 'POST',
      followRedirect: false,
    })
    if (next.redirect) {
      onHandedOut?.(next.redirect)
      followSuccessRedirect(next)
    } else {
      navigation().navigateTo(paths.home())
      notifyMessage(next)
    }
    return { ...tagged, next }
  } catch (error) {
    // A refused hand-out (e.g. an untagged call elsewhere) already moved the agent or says why.
    const notice = apiErrorNotice(error)
    if (notice) notify({ kind: 'error', message: notice })
    if (navigation().currentRoute().startsWith('/lead/')) navigation().navigateTo(paths.home())
    return { ...tagged, next: null }
  }
}

/** Invalidates: leads, me (the lead may be released and the call tagged). */
export function tagCallThenNextMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: tagCallThenNext,
    onSuccess: () => invalidateLeadsAndMe(queryClient),
    meta: notifyRefusal,
  })
}
