// /lead/{uuid} (spec §2, "Screens").
import type { QueryClient } from '@tanstack/react-query'
import { useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { leadQueries } from '../../api/leads.ts'
import { LeadSheet } from '../../features/leads/lead-sheet.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) =>
    startQueries(queryClient, () => [queryClient.ensureQueryData(leadQueries.detail(params.uuid ?? ''))])

export function Component() {
  const { uuid = '' } = useParams()
  return <LeadSheet key={uuid} uuid={uuid} />
}
