// The lead side of the home page (spec "Screens"): `Traiter un lead`, what the user holds, the search.
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { callQueries, ongoingCallOf } from '../../api/calls.ts'
import { HeldLead } from './held-lead.tsx'
import { LeadSearch } from './lead-search.tsx'
import { ProcessLeadButton } from './process-lead-button.tsx'
import './home-leads.css'

export function HomeLeads() {
  const { data: me } = useQuery(authQueries.me())
  const { data: call } = useQuery(callQueries.ongoing())
  if (!me) return null
  const duringCall = ongoingCallOf(call) !== null
  return (
    <div className="home-leads">
      {me.isCallCapable ? (
        <div className="home-leads__actions">
          <ProcessLeadButton />
          <HeldLead leadId={me.processingLeadId} />
        </div>
      ) : null}
      <LeadSearch duringCall={duringCall} />
    </div>
  )
}
