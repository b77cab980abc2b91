// The lead of the current call: the current-call shape carries only numeric ids (leadId,
// detectedLeadId), so the lead (uuid for its sheet's link, name) is read with GET /api/lead/{id}.
import { useQuery } from '@tanstack/react-query'
import { leadQueries } from '../../api/leads.ts'
import { personName } from '../../contracts/person-name.ts'

export type CallLead = { uuid: string; name: string }

export function useCallLead(leadId: number | null): CallLead | null {
  const { data } = useQuery({ ...leadQueries.detail(leadId ?? 0), enabled: leadId !== null })
  if (leadId === null || !data) return null
  return { uuid: data.uuid, name: personName(data) }
}
