// Identity and contact of the lead, with click-to-call on each of its phones for the user who
// processes it (issue #11: the second phone too, same rules; the server dials only the lead's own
// numbers). Appeler is off, saying why in visible text, offline, without an Aircall account, outside
// the calling rules or during a call (issue #29).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { callMutations, callQueries, ongoingCallOf } from '../../api/calls.ts'
import { Button } from '../../components/ui/button.tsx'
import { requestFocus } from '../../components/ui/focus-request.ts'
import type { LeadPhone } from '../../contracts/call.ts'
import type { Lead } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { formatLongDateTime } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { AutoCall } from './auto-call.tsx'
import { PhoneNumber } from '../../components/ui/phone-number.tsx'

export type LeadContactProps = {
  lead: Lead
  canCall: boolean
  /** Issue #29: seconds before the first phone is called by itself (null: none). */
  autoCallAfter?: number | null
}

const t = fr.leads.sheet

export function LeadContact({ lead, canCall, autoCallAfter = null }: LeadContactProps) {
  const queryClient = useQueryClient()
  // A refusal is notified by the query cache (the mutation's meta, src/api/calls.ts).
  const call = useMutation(callMutations.startOutbound(queryClient))
  const { data: me } = useQuery(authQueries.me())
  // Issue #5: a call starts now or not at all; never deferred. Issue #11: a user without Aircall
  // account sees why instead of a button that fails.
  const offlineReason = useOfflineReason()
  // Issue #12: the mission's calling rules say when this lead may be called (the server decides).
  const { refusal, nextCallAt } = lead.calling
  const callingReason = refusal
    ? t.callingRefused(t.callingRefusals[refusal], nextCallAt ? formatLongDateTime(nextCallAt) : null)
    : null
  // Issue #29: during a call Appeler is off and says so (never a refusal toast when pressed).
  const { data: currentCall } = useQuery(callQueries.ongoing())
  const busyReason = ongoingCallOf(currentCall) ? t.callInProgress : undefined
  const disabledReason = me?.needsAircallLink
    ? t.noAircallLink
    : (busyReason ?? callingReason ?? offlineReason)
  const calling = call.isPending ? call.variables.phone : null

  function handleCall(phone: LeadPhone) {
    // Issue #11: the next key press is for the call bar's Terminer.
    call.mutate({ leadId: lead.id, phone }, { onSuccess: () => requestFocus(['call-end']) })
  }
  const address = [lead.address, [lead.postalCode, lead.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')

  return (
    <dl className="lead-contact">
      <dt>{t.phone}</dt>
      <dd>
        <a href={`tel:${lead.phone}`}>
          <PhoneNumber phone={lead.phone} />
        </a>
        {canCall ? (
          <Button
            busy={calling === 'primary'}
            disabled={call.isPending}
            disabledReason={disabledReason}
            // Said once, in words, under the first phone's Appeler (the second's describes it too).
            showReason
            focusTarget="call"
            onClick={() => handleCall('primary')}
          >
            {t.call}
          </Button>
        ) : null}
        {canCall && autoCallAfter !== null ? (
          <AutoCall
            seconds={autoCallAfter}
            blockedReason={disabledReason ?? (call.isPending ? t.callInProgress : undefined)}
            onCall={() => handleCall('primary')}
          />
        ) : null}
      </dd>
      {lead.secondaryPhone ? (
        <>
          <dt>{t.secondaryPhone}</dt>
          <dd>
            <a href={`tel:${lead.secondaryPhone}`}>
              <PhoneNumber phone={lead.secondaryPhone} />
            </a>
            {canCall ? (
              <Button
                busy={calling === 'secondary'}
                disabled={call.isPending}
                disabledReason={disabledReason}
                onClick={() => handleCall('secondary')}
              >
                {t.call} <span className="lead-contact__hidden">{t.callSecondarySuffix}</span>
              </Button>
            ) : null}
          </dd>
        </>
      ) : null}
      {lead.email ? (
        <>
          <dt>{t.email}</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
        </>
      ) : null}
      {address ? (
        <>
          <dt>{t.address}</dt>
          <dd>{address}</dd>
        </>
      ) : null}
      <dt>{t.status}</dt>
      <dd>{fr.leads.statuses[lead.status]}</dd>
    </dl>
  )
}
