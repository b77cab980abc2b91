// The health of the telephony link at a glance (issue #15 "Telephony webhook status"): token, lag,
// refused and failed counts, the last delivery of each type, the deliveries per hour and the
// addresses that sent a bad token.
import { Card } from '../../components/ui/card.tsx'
import type { WebhookStatus } from '../../contracts/webhooks.ts'
import { webhooksStatus as t } from '../../i18n/fr/webhooks-status.ts'
import { formatDateTime, formatInteger, formatTime } from '../../i18n/format.ts'

export function HealthCards({ status }: { status: WebhookStatus }) {
  const { lag } = status
  return (
    <Card title={t.health}>
      <dl className="webhooks-status__cards">
        <div className={status.tokenConfigured ? 'webhooks-status__ok' : 'webhooks-status__bad'}>
          <dt>{t.token}</dt>
          <dd>{status.tokenConfigured ? t.tokenConfigured : t.tokenMissing}</dd>
        </div>
        <div>
          <dt>{t.lag}</dt>
          <dd>
            {lag.p50Ms === null || lag.p95Ms === null
              ? t.lagNone
              : t.lagValue(t.milliseconds(lag.p50Ms), t.milliseconds(lag.p95Ms))}
          </dd>
        </div>
        <div className={status.rejected.count > 0 ? 'webhooks-status__warn' : undefined}>
          <dt>{t.refused}</dt>
          <dd>{formatInteger(status.rejected.count)}</dd>
        </div>
        <div className={status.failures.count > 0 ? 'webhooks-status__bad' : undefined}>
          <dt>{t.failed}</dt>
          <dd>{formatInteger(status.failures.count)}</dd>
        </div>
      </dl>
    </Card>
  )
}

export function LastByEvent({ status }: { status: WebhookStatus }) {
  return (
    <Card title={t.lastByEvent}>
      {status.lastByEvent.length === 0 ? (
        <p>{t.noDelivery}</p>
      ) : (
        <dl className="webhooks-status__last">
          {status.lastByEvent.map((one) => (
            <div key={one.event}>
              <dt>
                <code>{one.event}</code>
              </dt>
              <dd>{formatDateTime(one.lastAt)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  )
}

/** The hours as a table, each row with a CSS bar of its share of the busiest hour. */
export function PerHour({ status }: { status: WebhookStatus }) {
  const busiest = Math.max(1, ...status.perHour.map((hour) => hour.total))
  return (
    <Card title={t.perHour}>
      <div className="webhooks-status__scroll">
        <table className="webhooks-status__table webhooks-status__hours">
          <thead>
            <tr>
              <th scope="col">{t.hour}</th>
              <th scope="col">{t.total}</th>
              <th scope="col">{t.rejected}</th>
              <th scope="col">{t.failedColumn}</th>
            </tr>
          </thead>
          <tbody>
            {status.perHour.map((hour) => (
              <tr key={hour.hour}>
                <th scope="row">{formatTime(hour.hour)}</th>
                <td>
                  <span className="webhooks-status__bar" aria-hidden="true">
                    <span style={{ width: `${(hour.total / busiest) * 100}%` }} />
                  </span>
                  {formatInteger(hour.total)}
                </td>
                <td>{formatInteger(hour.rejected)}</td>
                <td>{formatInteger(hour.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  )
}

export function RefusedAddresses({ status }: { status: WebhookStatus }) {
  const { addresses } = status.rejected
  return (
    <Card title={t.addresses}>
      {addresses.length === 0 ? (
        <p>{t.noAddress}</p>
      ) : (
        <div className="webhooks-status__scroll">
          <table className="webhooks-status__table">
            <thead>
              <tr>
                <th scope="col">{t.address}</th>
                <th scope="col">{t.count}</th>
                <th scope="col">{t.lastAt}</th>
              </tr>
            </thead>
            <tbody>
              {addresses.map((one) => (
                <tr key={one.address}>
                  <th scope="row">
                    <code>{one.address}</code>
                  </th>
                  <td>{formatInteger(one.count)}</td>
                  <td>{formatDateTime(one.lastAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
