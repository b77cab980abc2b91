// /lead/{uuid} (spec §2, "Screens").
import { useParams } from 'react-router-dom'
import { LeadSheet } from '../../features/leads/lead-sheet.tsx'

export function LeadSheetRoute() {
  const { uuid = '' } = useParams()
  return <LeadSheet key={uuid} uuid={uuid} />
}
