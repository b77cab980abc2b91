// The check of Aircall's side (issue #15): the webhooks registered on the Aircall account, the
// product's own one marked, and the call events it does not receive. Read once per visit (Aircall's
// API is rate-limited company-wide); with the simulator, nothing to check. The repair (create the
// product's webhook, complete its events) sits below the list.
import { useQuery } from '@tanstack/react-query'
import { webhookQueries } from '../../api/webhooks.ts'
import { Card } from '../../components/ui/card.tsx'
import { webhooksStatus as t } from '../../i18n/fr/webhooks-status.ts'
import { formatList } from '../../i18n/format.ts'
import { AircallRepair } from './aircall-repair.tsx'

export function AircallSide() {
  const registrations = useQuery(webhookQueries.registrations())
  const data = registrations.data
  return (
    <Card title={t.aircallSide}>
      {registrations.isPending ? (
        <p>{t.aircallLoading}</p>
      ) : registrations.isError ? (
        <p role="alert">{t.aircallFailed}</p>
      ) : data!.provider === 'simulator' ? (
        <>
          <p>{t.simulator}</p>
          <p>{t.simulatorRepair}</p>
        </>
      ) : (
        <>
          <p>
            {t.expectedUrl} : {data!.expectedUrl ? <code>{data!.expectedUrl}</code> : t.noPublicUrl}
          </p>
          {data!.webhooks.length === 0 ? (
            <p>{t.noWebhook}</p>
          ) : (
            <ul className="webhooks-status__registrations">
              {data!.webhooks.map((webhook) => (
                <li key={webhook.id}>
                  {webhook.ours ? <strong>{t.ours} : </strong> : null}
                  <code>{webhook.url}</code>
                  {webhook.name ? ` (${webhook.name})` : ''}
                  {webhook.active ? '' : ` — ${t.inactive}`}
                  {' — '}
                  {webhook.events.length === 0 ? t.allEvents : formatList(webhook.events)}
                </li>
              ))}
            </ul>
          )}
          <p className={data!.missingEvents.length ? 'webhooks-status__error' : undefined}>
            {data!.missingEvents.length ? t.missing(formatList(data!.missingEvents)) : t.complete}
          </p>
          <AircallRepair registrations={data!} />
        </>
      )}
    </Card>
  )
}
