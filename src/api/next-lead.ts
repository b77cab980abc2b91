// Issue #29 point 4, "the next lead at once": what follows a recorded outcome, whether recorded alone
// (POST /api/calls/tag, src/features/leads/tag-then-next.ts) or with its booking (issue #29 point 3,
// src/features/appointments/book-with-outcome.ts).
import { apiRequest, followSuccessRedirect } from './client.ts'
import { apiErrorNotice } from './error-message.ts'
import { notifyMessage } from './leads.ts'
import { navigation } from './navigation-port.ts'
import { paths } from '../contracts/app-paths.ts'
import type { FindLeadResponse } from '../contracts/lead.ts'
import { notify } from '../stores/notifications.ts'

export type ChainOptions = {
  /** Hand out the next lead at once (the agent did not pause the chaining). */
  chain: boolean
  /** Called with the hand-out's redirect before the next lead's sheet opens. */
  onHandedOut?: (redirect: string) => void
}

/**
 * After a recorded outcome (alone, or with its booking: issue #29 point 3): when it released the lead
 * (`redirect` /home) and the agent chains, POST /api/lead/find-lead-to-process at once; else the
 * outcome's own redirect is followed. Nothing left to hand out (or a refused hand-out): /home with
 * the hand-out's French message. A failed hand-out never undoes the outcome.
 */
export async function nextLeadAfter(
  recorded: { redirect: string },
  { chain, onHandedOut }: ChainOptions,
): Promise<FindLeadResponse | null> {
  if (!chain || recorded.redirect !== paths.home()) {
    followSuccessRedirect(recorded)
    return null
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
    return next
  } catch (error) {
    // A refused hand-out (e.g. an untagged call elsewhere) already moved the agent or says why.
    const notice = apiErrorNotice(error)
    if (notice) notify({ kind: 'error', message: notice })
    if (navigation().currentRoute().startsWith('/lead/')) navigation().navigateTo(paths.home())
    return null
  }
}
