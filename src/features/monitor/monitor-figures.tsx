// The cards of /dev/monitor: one per part of the system, each a list of named figures.
import { useId, type ReactNode } from 'react'
import type { DevMonitor } from '../../contracts/monitor.ts'
import { monitorScreen as t } from '../../i18n/fr/monitor.ts'
import { formatCount, formatDecimal, formatDuration } from '../../i18n/format-figures.ts'
import type { BusRates } from './bus-rates.ts'

export type MonitorFiguresProps = { data: DevMonitor; rates: BusRates | null }

type CardProps = { title: string; children: ReactNode }

function Card({ title, children }: CardProps) {
  const id = useId()
  return (
    <section className="monitor__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

function Figures({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="monitor__figures">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const megabytes = (bytes: number) => t.megabytes(formatDecimal(bytes / 1024 / 1024))
const perSecond = (value: number | undefined) =>
  value === undefined ? t.none : t.perSecond(formatDecimal(value))

export function MonitorFigures({ data, rates }: MonitorFiguresProps) {
  const { process, database, live, jobs } = data
  const { pool } = database
  return (
    <div className="monitor__cards">
      <Card title={t.sections.process}>
        <Figures
          rows={[
            [t.process.pid, String(process.pid)],
            [t.process.uptime, formatDuration(process.uptimeSeconds)],
            [t.process.rss, megabytes(process.rssBytes)],
            [t.process.heap, megabytes(process.heapUsedBytes)],
            [
              t.process.eventLoopLag,
              process.eventLoopLagMs === null
                ? t.none
                : t.milliseconds(formatDecimal(process.eventLoopLagMs)),
            ],
          ]}
        />
      </Card>
      <Card title={t.sections.database}>
        <Figures
          rows={[
            [t.database.kind, t.database.kinds[database.kind]],
            [
              t.database.pool,
              pool
                ? `${formatCount(pool.total - pool.idle)} / ${formatCount(pool.total)}`
                : t.database.noPool,
            ],
            ...(pool ? [[t.database.waiting, formatCount(pool.waiting)] as [string, string]] : []),
          ]}
        />
      </Card>
      <Card title={t.sections.live}>
        <Figures
          rows={[
            [t.live.sockets, formatCount(live.sockets)],
            [t.live.subscriptions, formatCount(live.subscriptions)],
            [t.live.published, perSecond(rates?.published)],
            [t.live.received, perSecond(rates?.received)],
          ]}
        />
      </Card>
      <Card title={t.sections.jobs}>
        {jobs === null ? (
          <p>{t.jobs.unavailable}</p>
        ) : jobs.length === 0 ? (
          <p>{t.jobs.none}</p>
        ) : (
          <table className="monitor__jobs">
            <thead>
              <tr>
                <th scope="col">{t.jobs.queue}</th>
                <th scope="col">{t.jobs.queued}</th>
                <th scope="col">{t.jobs.active}</th>
                <th scope="col">{t.jobs.failed}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((queue) => (
                <tr key={queue.name}>
                  <th scope="row">{queue.name}</th>
                  <td>{formatCount(queue.queued)}</td>
                  <td>{formatCount(queue.active)}</td>
                  <td>{formatCount(queue.failed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  )
}
