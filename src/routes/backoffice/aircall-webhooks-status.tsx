// /backoffice/aircall-webhooks-status (spec §2, issue #15 "Telephony webhook status"): administrators
// see the health of the telephony link and the deliveries, and replay a failed one.
import { webhookQueries } from '../../api/webhooks.ts'
import { WebhooksStatusScreen } from '../../features/webhooks-status/webhooks-status-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(webhookQueries.status()),
])

export function Component() {
  return <WebhooksStatusScreen />
}
