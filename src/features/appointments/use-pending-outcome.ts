// Issue #29 point 3: the outcome a booking records with it (« RDV pris » chosen on the sheet, kept in
// the lead's outcome draft, src/stores/outcome-draft.ts). Review: what the page showed when it opened
// is what it sends. Another tab may change the draft meanwhile (another outcome, or « RDV pris »
// recorded there): `changed` then says so and the page books nothing, rather than silently book without
// the outcome (the call left open, the lead held). A stale pending booking is dropped (isStaleBooking).
import { useState } from 'react'
import type { CallProcessTag, Lead } from '../../contracts/lead.ts'
import {
  outcomeNeedsBooking,
  pendingOutcomeIn,
  readOutcomeDraft,
  samePendingOutcome,
  useDropStaleBooking,
  useOutcomeDraft,
  type OutcomeContext,
  type PendingOutcome,
} from '../../stores/outcome-draft.ts'

/** The pending outcome's tag while it is one of the lead's current step that needs a booking; else null. */
function pendingTagOf(lead: Lead, pending: PendingOutcome): CallProcessTag | null {
  if (pending === null || pending.tagId === null) return null
  const step = lead.market.mission.callProcess?.callProcessSteps.find((s) => s.number === lead.step)
  const tag = step?.callProcessTags.find((item) => item.id === pending.tagId) ?? null
  return tag && outcomeNeedsBooking(tag) ? tag : null
}

/** The pending outcome as the page showed it when it opened, with its tag. */
type ShownOutcome = { pending: PendingOutcome; tag: CallProcessTag | null }
const NO_OUTCOME: ShownOutcome = { pending: null, tag: null }

export function usePendingOutcome(userId: number, lead: Lead) {
  const { draft, reset } = useOutcomeDraft(userId, lead.id)
  const context: OutcomeContext = { mayRecord: lead.canRecordOutcome, callIds: [lead.myCallId] }
  useDropStaleBooking(userId, lead.id, context)
  const [shown, setShown] = useState<ShownOutcome>(() => {
    const pending = pendingOutcomeIn(readOutcomeDraft(userId, lead.id), context)
    return { pending, tag: pendingTagOf(lead, pending) }
  })
  return {
    tag: shown.tag,
    callId: shown.pending?.callId ?? null,
    changed: !samePendingOutcome(shown.pending, pendingOutcomeIn(draft, context)),
    /** The draft's latest notes (the sheet may have edited them since the page opened). */
    details: draft.details.trim(),
    comment: draft.comment.trim() || null,
    /** The booking recorded the outcome: its draft goes, in every tab, and this page sends it no more. */
    recorded() {
      setShown(NO_OUTCOME)
      reset()
    },
  }
}
