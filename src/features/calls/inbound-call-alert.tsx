// The inbound call alert (issue #4 "Screens"): while the user's current call is inbound and not yet
// answered, 'Appel entrant' shows the caller and the matched lead with `Répondre` and `Refuser`.
// Issue #11, one click answers: holding another lead (known from `me`) is said up front and the
// first answer already bypasses it. A blocking cause the page could not know (403 UNTAGGED_CALL /
// UNFINISHED_PROCESSING_LEAD, docs/domain.md "Answer inbound") is explained and `Répondre quand même`
// retries with the matching bypass flag. On success the API client follows the answer's redirect
// (the lead's sheet when known) and the focus goes to the call bar's Terminer. `Refuser` ends the
// ringing for this user (the server records the call as missed, declined by the agent).
import { useRef } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { authQueries } from '../../api/auth.ts'
import { callMutations, callQueries, ongoingCallOf, type OngoingCall } from '../../api/calls.ts'
import { ApiError } from '../../api/client.ts'
import { Button } from '../../components/ui/button.tsx'
import { requestFocus } from '../../components/ui/focus-request.ts'
import { Modal } from '../../components/ui/modal.tsx'
import { fr } from '../../i18n/fr.ts'
import { formatPhone } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { isRinging } from './call-format.ts'
import {
  causesOf,
  dismissInboundCall,
  inboundCallStore,
  isBypassableCause,
  recordBlockingCause,
} from './inbound-call-store.ts'
import { useCallLead } from './use-call-lead.ts'
import './inbound-call-alert.css'

const t = fr.calls.inbound

function ringingInbound(call: OngoingCall | null): OngoingCall | null {
  return call && call.direction === 'inbound' && isRinging(call.status) ? call : null
}

export function InboundCallAlert() {
  const queryClient = useQueryClient()
  const answerRef = useRef<HTMLButtonElement>(null)
  // Issue #5: answering needs the server now; never deferred.
  const offlineReason = useOfflineReason()
  const { data } = useQuery(callQueries.ongoing())
  const state = useSnapshot(inboundCallStore)
  const answer = useMutation(callMutations.answerInbound(queryClient))
  const decline = useMutation(callMutations.declineInbound(queryClient))
  const { data: me } = useQuery(authQueries.me())
  const call = ringingInbound(ongoingCallOf(data))
  const lead = useCallLead(call?.detectedLeadId ?? null)
  if (!call || state.dismissedCallId === call.callId) return null

  const { callId } = call
  const causes = causesOf(state, callId)
  const blockedBy = causes.at(-1)
  // The user holds a lead other than the caller's: said now, and the answer goes through anyway.
  const heldLeadId = me?.processingLeadId ?? null
  const holdsOtherLead = heldLeadId !== null && heldLeadId !== (call.leadId ?? call.detectedLeadId)
  const busy = answer.isPending || decline.isPending

  function handleAnswer() {
    const body = {
      bypassUntaggedLeadCheck: causes.includes('UNTAGGED_CALL'),
      bypassProcessingLeadCheck: holdsOtherLead || causes.includes('UNFINISHED_PROCESSING_LEAD'),
    }
    answer.mutate(body, {
      onSuccess: () => {
        dismissInboundCall(callId)
        requestFocus(['call-end'])
      },
      // A blocking cause is explained here; any other refusal is notified by the query cache (the
      // mutation's meta, src/api/calls.ts).
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 403) return
        const code = error.body?.error.code
        if (isBypassableCause(code)) recordBlockingCause(callId, code)
      },
    })
  }

  function handleDecline() {
    // The focus goes back where it was (the dialog's own rule); a refusal is notified by the query
    // cache (the mutation's meta, src/api/calls.ts).
    decline.mutate({ callId }, { onSuccess: () => dismissInboundCall(callId) })
  }

  return (
    <Modal
      open
      onClose={() => dismissInboundCall(callId)}
      title={t.title}
      size="sm"
      initialFocusRef={answerRef}
    >
      <p className="inbound-call__caller">
        {t.caller(call.phoneNumber ? formatPhone(call.phoneNumber) : fr.calls.bar.unknownNumber)}
      </p>
      <p>{lead ? t.matchedLead(lead.name) : t.noMatchedLead}</p>
      {holdsOtherLead && blockedBy !== 'UNFINISHED_PROCESSING_LEAD' ? (
        <p className="inbound-call__holding">{t.holdingLead}</p>
      ) : null}
      {blockedBy ? (
        <p className="inbound-call__blocked" role="alert">
          {t.blocked[blockedBy]}
        </p>
      ) : null}
      <div className="inbound-call__actions">
        <Button
          variant="secondary"
          busy={decline.isPending}
          disabled={busy}
          onClick={handleDecline}
          disabledReason={offlineReason}
        >
          {t.decline}
        </Button>
        <Button
          ref={answerRef}
          busy={answer.isPending}
          disabled={busy}
          onClick={handleAnswer}
          disabledReason={offlineReason}
        >
          {blockedBy ? t.answerAnyway : t.answer}
        </Button>
      </div>
    </Modal>
  )
}
