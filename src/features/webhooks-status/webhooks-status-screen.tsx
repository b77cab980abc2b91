// /backoffice/aircall-webhooks-status (issue #15 "Telephony webhook status", docs/domain.md): the
// administrators see the health of the telephony link and the deliveries, and replay a failed one.
import { useQuery } from '@tanstack/react-query'
import { webhookQueries } from '../../api/webhooks.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { webhooksStatus as t, screenTitles } from '../../i18n/fr/webhooks-status.ts'
import { AircallSide } from './aircall-side.tsx'
import { Deliveries } from './deliveries.tsx'
import { HealthCards, LastByEvent, PerHour, RefusedAddresses } from './health.tsx'
import './webhooks-status.css'

export function WebhooksStatusScreen() {
  const status = useQuery(webhookQueries.status())
  return (
    <div className="webhooks-status">
      <ScreenTitle title={screenTitles.backofficeAircallWebhooksStatus} />
      <p>{t.intro}</p>
      {status.isPending ? (
        <p>{t.loading}</p>
      ) : status.isError ? (
        <p role="alert">{t.loadFailed}</p>
      ) : (
        <div className="webhooks-status__grid">
          <HealthCards status={status.data} />
          <LastByEvent status={status.data} />
          <RefusedAddresses status={status.data} />
          <AircallSide />
          <PerHour status={status.data} />
        </div>
      )}
      <Deliveries />
    </div>
  )
}
