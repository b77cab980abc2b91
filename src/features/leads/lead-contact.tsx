// Identity and contact of the lead, with click-to-call for the user who processes it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callMutations } from '../../api/calls.ts'
import { notifyFailure } from '../../api/leads.ts'
import { Button } from '../../components/ui/button.tsx'
import type { Lead } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { formatPhone } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'

export type LeadContactProps = { lead: Lead; canCall: boolean }

const t = fr.leads.sheet

export function LeadContact({ lead, canCall }: LeadContactProps) {
  const queryClient = useQueryClient()
  const call = useMutation({ ...callMutations.startOutbound(queryClient), onError: notifyFailure })
  // Issue #5: a call starts now or not at all; never deferred.
  const offlineReason = useOfflineReason()
  const address = [lead.address, [lead.postalCode, lead.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')

  return (
    <dl className="lead-contact">
      <dt>{t.phone}</dt>
      <dd>
        <a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a>
        {canCall ? (
          <Button
            busy={call.isPending}
            disabledReason={offlineReason}
            onClick={() => call.mutate({ leadId: lead.id })}
          >
            {t.call}
          </Button>
        ) : null}
      </dd>
      {lead.secondaryPhone ? (
        <>
          <dt>{t.secondaryPhone}</dt>
          <dd>{formatPhone(lead.secondaryPhone)}</dd>
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
