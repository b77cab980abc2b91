// /backoffice/aircall-webhooks-status (spec §2, issue #15 "Telephony webhook status"): administrators
// see the health of the telephony link and the deliveries, and replay a failed one.
import type { QueryClient } from '@tanstack/react-query'
import { webhookQueries } from '../../api/webhooks.ts'
import { WebhooksStatusScreen } from '../../features/webhooks-status/webhooks-status-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) =>
    me.role === 'ADMIN' ? [queryClient.ensureQueryData(webhookQueries.status())] : [],
  )

export function Component() {
  return <WebhooksStatusScreen />
}
