// The health cards of /dev/monitor (issue #15 "Developer pages"): the telephony webhooks' processing
// lag over the last hour, this process's slowest statements (SQL shapes, never values) and its errors
// of the last hour (by route and status, and the last unexpected ones, scrubbed by the server).
import { useId, type ReactNode } from 'react'
import type { DevMonitor } from '../../contracts/monitor.ts'
import { formatTime } from '../../i18n/format.ts'
import { formatCount, formatDecimal } from '../../i18n/format-figures.ts'
import { monitorScreen as t } from '../../i18n/fr/monitor.ts'

export type MonitorHealthProps = { data: DevMonitor }

function Card({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const id = useId()
  return (
    <section className={wide ? 'monitor__card monitor__card--wide' : 'monitor__card'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

const ms = (value: number | null) => (value === null ? t.none : t.milliseconds(formatDecimal(value)))

export function MonitorHealth({ data }: MonitorHealthProps) {
  const { webhookLag, slowQueries, errors } = data
  return (
    <div className="monitor__cards">
      <Card title={t.webhooks.title}>
        <dl className="monitor__figures">
          {(
            [
              [t.webhooks.count, formatCount(webhookLag.count)],
              [t.webhooks.p50, ms(webhookLag.p50Ms)],
              [t.webhooks.max, ms(webhookLag.maxMs)],
              [t.webhooks.last, webhookLag.lastReceivedAt ? formatTime(webhookLag.lastReceivedAt) : t.none],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={t.errors.title}>
        <p>{t.errors.total(formatCount(errors.total))}</p>
        {errors.byRoute.length === 0 ? (
          <p>{t.errors.none}</p>
        ) : (
          <div className="monitor__scroll">
            <table className="monitor__jobs">
              <thead>
                <tr>
                  <th scope="col">{t.errors.route}</th>
                  <th scope="col">{t.errors.status}</th>
                  <th scope="col">{t.errors.count}</th>
                </tr>
              </thead>
              <tbody>
                {errors.byRoute.map((one) => (
                  <tr key={`${one.method} ${one.route} ${one.status}`}>
                    <th scope="row">{`${one.method} ${one.route}`}</th>
                    <td>{one.status}</td>
                    <td>{formatCount(one.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3>{t.errors.recent}</h3>
        {errors.recent.length === 0 ? (
          <p>{t.errors.noRecent}</p>
        ) : (
          <ul className="monitor__errors">
            {errors.recent.map((one) => (
              <li key={`${one.at} ${one.message}`}>
                {`${formatTime(one.at)} — ${one.method} ${one.route} — `}
                <code>{one.message}</code>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t.slowQueries.title} wide>
        {slowQueries.length === 0 ? (
          <p>{t.slowQueries.none}</p>
        ) : (
          <div className="monitor__scroll">
            <table className="monitor__jobs">
              <thead>
                <tr>
                  <th scope="col">{t.slowQueries.shape}</th>
                  <th scope="col">{t.slowQueries.count}</th>
                  <th scope="col">{t.slowQueries.max}</th>
                  <th scope="col">{t.slowQueries.avg}</th>
                </tr>
              </thead>
              <tbody>
                {slowQueries.map((one) => (
                  <tr key={one.shape}>
                    <th scope="row">
                      <code className="monitor__sql">{one.shape}</code>
                    </th>
                    <td>{formatCount(one.count)}</td>
                    <td>{ms(one.maxMs)}</td>
                    <td>{ms(one.avgMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  )
}
