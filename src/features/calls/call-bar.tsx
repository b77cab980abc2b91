// The call bar (issue #4 "Screens"): on every page of the main layout while the user has an ongoing
// call — direction, number, lead, status, running duration and force-end. Without a call (status
// `done`), only the « Pause » toggle of the lead chaining (issue #29) for those who process leads; the
// layout keeps the bar's place (issue #11, main-layout.css), so the page does not jump. The duration counts talk time, from the answer (issue #11); while it rings,
// none. After Terminer, or when the call ends while the focus was in the bar, the focus goes to
// the outcome form, else the page's heading.
import { useEffect, useRef } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { authQueries } from '../../api/auth.ts'
import { callMutations, callQueries, ongoingCallOf } from '../../api/calls.ts'
import { setChainPaused, useChainPaused } from '../../stores/lead-chain.ts'
import { paths } from '../../contracts/app-paths.ts'
import { Button } from '../../components/ui/button.tsx'
import { requestFocus } from '../../components/ui/focus-request.ts'
import { fr } from '../../i18n/fr.ts'
import { formatPhone } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { callStatusLabel, elapsedSeconds, formatDuration } from './call-format.ts'
import { useCallLead } from './use-call-lead.ts'
import { useNow } from './use-now.ts'
import './call-bar.css'

const t = fr.calls.bar

type CallDurationProps = { answeredAt: string | null }

/** Its own component: only the duration re-renders on each tick. Talk time: from the answer. */
function CallDuration({ answeredAt }: CallDurationProps) {
  const now = useNow()
  return (
    <span className="call-bar__duration">
      <span className="call-bar__label">{t.durationLabel}</span>
      <time>{formatDuration(elapsedSeconds(answeredAt, 0, now))}</time>
    </span>
  )
}

/** After a call: the outcome form when the page has one, else the page's heading. */
function focusAfterCall() {
  requestFocus(['outcome', 'page-heading'])
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

/**
 * Issue #29: « Pause » stops the chaining of leads (after an outcome, Accueil instead of the next
 * lead); the agent's preference, kept (src/stores/lead-chain.ts).
 */
function ChainPause({ userId }: { userId: number }) {
  const paused = useChainPaused(userId)
  return (
    <span className="call-bar__chain">
      <button
        type="button"
        className="call-bar__pause"
        aria-pressed={paused}
        onClick={() => setChainPaused(userId, !paused)}
      >
        {t.pause}
      </button>
      <span className="call-bar__chain-state">{paused ? t.chainPaused : t.chainOn}</span>
    </span>
  )
}

export function CallBar() {
  const { data: me } = useQuery(authQueries.me())
  const chains = me?.role === 'TELEOPERATOR' || me?.role === 'MANAGER'
  const queryClient = useQueryClient()
  const { data } = useQuery(callQueries.ongoing())
  const forceEnd = useMutation(callMutations.forceEnd(queryClient))
  // Issue #5: ending a call needs the server now; never deferred.
  const offlineReason = useOfflineReason()
  const call = ongoingCallOf(data)
  const barRef = useRef<HTMLElement>(null)
  const focusInBar = useRef(false)
  const hasCall = call !== null

  // The bar leaves with the focus inside (the call ended elsewhere): the focus must not fall to the page.
  useEffect(() => {
    if (hasCall) return
    if (focusInBar.current) focusAfterCall()
    focusInBar.current = false
  }, [hasCall])

  if (!call)
    return chains && me ? (
      <section role="region" className="call-bar call-bar--idle" aria-label={t.idleLabel}>
        <ChainPause userId={me.id} />
      </section>
    ) : null

  function handleForceEnd() {
    // A refusal is notified by the query cache (the mutation's meta, src/api/calls.ts).
    if (call) forceEnd.mutate(call.callId, { onSuccess: focusAfterCall })
  }

  return (
    <section
      ref={barRef}
      role="region"
      className="call-bar"
      aria-label={t.label}
      onFocus={() => (focusInBar.current = true)}
      onBlur={(event) => (focusInBar.current = barRef.current?.contains(event.relatedTarget) ?? false)}
    >
      <span className="call-bar__direction">{t.direction[call.direction]}</span>
      <span className="call-bar__number">
        {call.phoneNumber ? formatPhone(call.phoneNumber) : t.unknownNumber}
      </span>
      <CallLeadLink leadId={call.leadId ?? call.detectedLeadId} />
      <span className="call-bar__status">{callStatusLabel(call.status)}</span>
      {call.answeredAt ? <CallDuration answeredAt={call.answeredAt} /> : null}
      <Button
        variant="danger"
        focusTarget="call-end"
        busy={forceEnd.isPending}
        onClick={handleForceEnd}
        disabledReason={offlineReason}
      >
        {t.forceEnd}
      </Button>
      {chains && me ? <ChainPause userId={me.id} /> : null}
    </section>
  )
}
