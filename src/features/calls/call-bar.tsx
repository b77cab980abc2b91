// The call bar (issue #4 "Screens"): on every page of the main layout while the user has an ongoing
// call — direction, number, lead, status, running duration and force-end. Hidden when the server
// reports no call (status `done`).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { callMutations, callQueries, ongoingCallOf } from '../../api/calls.ts'
import { ApiError } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'
import { notify } from '../../stores/notifications.ts'
import { formatPhone } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { callStatusLabel, elapsedSeconds, formatDuration } from './call-format.ts'
import { useCallLead } from './use-call-lead.ts'
import { useNow } from './use-now.ts'
import './call-bar.css'

const t = fr.calls.bar

type CallDurationProps = { startedAt: string | null; duration: number }

/** Its own component: only the duration re-renders on each tick. */
function CallDuration({ startedAt, duration }: CallDurationProps) {
  const now = useNow()
  return (
    <span className="call-bar__duration">
      <span className="call-bar__label">{t.durationLabel}</span>
      <time>{formatDuration(elapsedSeconds(startedAt, duration, now))}</time>
    </span>
  )
}

function CallLeadLink({ leadId }: { leadId: number | null }) {
  const lead = useCallLead(leadId)
  if (!lead) return <span className="call-bar__lead">{t.noLead}</span>
  return (
    <Link className="call-bar__lead" to={paths.lead(lead.uuid)}>
      {t.lead(lead.name)}
    </Link>
  )
}

export function CallBar() {
  const queryClient = useQueryClient()
  const { data } = useQuery(callQueries.ongoing())
  const forceEnd = useMutation(callMutations.forceEnd(queryClient))
  // Issue #5: ending a call needs the server now; never deferred.
  const offlineReason = useOfflineReason()
  const call = ongoingCallOf(data)
  if (!call) return null

  function handleForceEnd() {
    if (!call) return
    forceEnd.mutate(call.callId, {
      onError: (error) => {
        // 5xx and network failures are already announced by the API client.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500)
          notify({ kind: 'error', message: error.body?.error.message ?? t.forceEndFailed })
      },
    })
  }

  return (
    <section role="region" className="call-bar" aria-label={t.label}>
      <span className="call-bar__direction">{t.direction[call.direction]}</span>
      <span className="call-bar__number">
        {call.phoneNumber ? formatPhone(call.phoneNumber) : t.unknownNumber}
      </span>
      <CallLeadLink leadId={call.leadId ?? call.detectedLeadId} />
      <span className="call-bar__status">{callStatusLabel(call.status)}</span>
      <CallDuration startedAt={call.startedAt} duration={call.duration} />
      <Button
        variant="danger"
        busy={forceEnd.isPending}
        onClick={handleForceEnd}
        disabledReason={offlineReason}
      >
        {t.forceEnd}
      </Button>
    </section>
  )
}
