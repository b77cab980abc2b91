// /lead/{uuid} (spec §2, "Screens").
import { useParams } from 'react-router-dom'
import { leadQueries } from '../../api/leads.ts'
import { LeadSheet } from '../../features/leads/lead-sheet.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { params }) => [
  queryClient.ensureQueryData(leadQueries.detail(params.uuid ?? '')),
])

export function Component() {
  const { uuid = '' } = useParams()
  return <LeadSheet key={uuid} uuid={uuid} />
}
