// The inbound call alert (issue #4 "Screens"): while the user's current call is inbound and not yet
// answered, 'Appel entrant' shows the caller and the matched lead with `Répondre`. A blocking cause
// (403 UNTAGGED_CALL / UNFINISHED_PROCESSING_LEAD, docs/domain.md "Answer inbound") is explained
// and `Répondre quand même` retries with the matching bypass flag. On success the API client
// follows the answer's redirect (the lead's sheet when known).
import { useRef } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { callMutations, callQueries, ongoingCallOf, type OngoingCall } from '../../api/calls.ts'
import { ApiError } from '../../api/client.ts'
import { Button } from '../../components/ui/button.tsx'
import { Modal } from '../../components/ui/modal.tsx'
import { fr } from '../../i18n/fr.ts'
import { notify } from '../../stores/notifications.ts'
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
  const call = ringingInbound(ongoingCallOf(data))
  const lead = useCallLead(call?.detectedLeadId ?? null)
  if (!call || state.dismissedCallId === call.callId) return null

  const { callId } = call
  const causes = causesOf(state, callId)
  const blockedBy = causes.at(-1)

  function handleAnswer() {
    const body = {
      bypassUntaggedLeadCheck: causes.includes('UNTAGGED_CALL'),
      bypassProcessingLeadCheck: causes.includes('UNFINISHED_PROCESSING_LEAD'),
    }
    answer.mutate(body, {
      onSuccess: () => dismissInboundCall(callId),
      onError: (error) => {
        if (!(error instanceof ApiError)) return
        const code = error.body?.error.code
        if (error.status === 403 && isBypassableCause(code)) recordBlockingCause(callId, code)
        // 5xx and network failures are already announced by the API client.
        else if (error.status >= 400 && error.status < 500)
          notify({ kind: 'error', message: error.body?.error.message ?? t.answerFailed })
      },
    })
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
      {blockedBy ? (
        <p className="inbound-call__blocked" role="alert">
          {t.blocked[blockedBy]}
        </p>
      ) : null}
      <div className="inbound-call__actions">
        <Button ref={answerRef} busy={answer.isPending} onClick={handleAnswer} disabledReason={offlineReason}>
          {blockedBy ? t.answerAnyway : t.answer}
        </Button>
      </div>
    </Modal>
  )
}
