// One mission's pipeline (issue #14): the situations to act on, the markets × statuses table, and the
// counts by substatus and by open step, for all markets or the one chosen. Every count is a button
// that opens the list of its leads below.
import type { FollowUp, FollowUpBucket, FollowUpCounts } from '../../contracts/follow-up.ts'
import { FOLLOW_UP_ALERTS, type FollowUpAlert } from '../../contracts/follow-up.ts'
import { LEAD_STATUSES } from '../../contracts/lead-statuses.ts'
import {
  alertLabels,
  followUpScreen as t,
  followUpStatuses,
  followUpSubstatuses,
} from '../../i18n/fr/follow-up.ts'
import type { FollowUpView } from './follow-up-params.ts'

export type OpenList = (list: {
  bucket: FollowUpBucket
  value: string | null
  marketId?: number | null
}) => void

export function alertLabel(
  alert: FollowUpAlert,
  followUp: Pick<FollowUp, 'heldLongMinutes' | 'expiringSoonDays'>,
): string {
  if (alert === 'held-long') return alertLabels[alert](followUp.heldLongMinutes)
  if (alert === 'expiring-soon') return alertLabels[alert](followUp.expiringSoonDays)
  return alertLabels[alert]
}

type CountButtonProps = {
  count: number
  label: string
  pressed: boolean
  onOpen: () => void
  children?: string
}

function CountButton({ count, label, pressed, onOpen, children }: CountButtonProps) {
  return (
    <button
      type="button"
      className="follow-up__count"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onOpen}
      disabled={count === 0}
    >
      {children ? <span className="follow-up__count-name">{children}</span> : null}
      <span className="follow-up__count-value">{count}</span>
    </button>
  )
}

type PipelineProps = {
  followUp: FollowUp
  view: FollowUpView
  onOpen: OpenList
}

const isOpen = (view: FollowUpView, bucket: FollowUpBucket, value: string | null, marketId = view.marketId) =>
  view.bucket === bucket && view.value === value && view.marketId === marketId

function scopeOf(followUp: FollowUp, view: FollowUpView): FollowUpCounts {
  return followUp.markets.find((market) => market.id === view.marketId) ?? followUp.totals
}

export function AlertCounts({ followUp, view, onOpen }: PipelineProps) {
  const counts = scopeOf(followUp, view)
  return (
    <section className="follow-up__section" aria-labelledby="follow-up-alerts">
      <h2 id="follow-up-alerts">{t.alertsTitle}</h2>
      <ul className="follow-up__alerts">
        {FOLLOW_UP_ALERTS.map((alert) => {
          const label = alertLabel(alert, followUp)
          return (
            <li key={alert} className={`follow-up__alert follow-up__alert--${alert}`}>
              <CountButton
                count={counts.alerts[alert]}
                label={t.countLabel(label, counts.alerts[alert])}
                pressed={isOpen(view, alert, null)}
                onOpen={() => onOpen({ bucket: alert, value: null })}
              >
                {label}
              </CountButton>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** One market's card (or all markets'): its count per status, then its total; the buttons wrap. */
function MarketCard({
  name,
  counts,
  marketId,
  view,
  onOpen,
}: {
  name: string
  counts: FollowUpCounts
  marketId: number | null
  view: FollowUpView
  onOpen: OpenList
}) {
  const headingId = `follow-up-market-${marketId ?? 'all'}`
  return (
    <li className="follow-up__market" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <ul className="follow-up__counts">
        {LEAD_STATUSES.map((status) => {
          const count = counts.statuses.find((item) => item.status === status)?.count ?? 0
          return (
            <li key={status}>
              <CountButton
                count={count}
                label={t.cellLabel(name, followUpStatuses[status], count)}
                pressed={isOpen(view, 'status', status, marketId)}
                onOpen={() => onOpen({ bucket: 'status', value: status, marketId })}
              >
                {followUpStatuses[status]}
              </CountButton>
            </li>
          )
        })}
        <li>
          <CountButton
            count={counts.total}
            label={t.cellLabel(name, t.totalColumn, counts.total)}
            pressed={isOpen(view, 'all', null, marketId)}
            onOpen={() => onOpen({ bucket: 'all', value: null, marketId })}
          >
            {t.totalColumn}
          </CountButton>
        </li>
      </ul>
    </li>
  )
}

/** Issue #31 point 4: one card per market instead of a markets × statuses table, so a tablet held upright
 * shows every status without scrolling sideways. */
export function PipelineTable({ followUp, view, onOpen }: PipelineProps) {
  return (
    <section className="follow-up__section" aria-labelledby="follow-up-pipeline">
      <h2 id="follow-up-pipeline">{t.pipelineTitle}</h2>
      <ul className="follow-up__markets" aria-label={t.pipelineCaption(followUp.mission?.name ?? '')}>
        {followUp.markets.map((market) => (
          <MarketCard
            key={market.id}
            name={market.name}
            counts={market}
            marketId={market.id}
            view={view}
            onOpen={onOpen}
          />
        ))}
        {followUp.markets.length > 1 ? (
          <MarketCard
            name={t.totalRow}
            counts={followUp.totals}
            marketId={null}
            view={view}
            onOpen={onOpen}
          />
        ) : null}
      </ul>
    </section>
  )
}

export function DetailCounts({ followUp, view, onOpen }: PipelineProps) {
  const counts = scopeOf(followUp, view)
  return (
    <div className="follow-up__details">
      <section className="follow-up__section" aria-labelledby="follow-up-substatuses">
        <h2 id="follow-up-substatuses">{t.bySubstatus}</h2>
        {counts.substatuses.length === 0 ? (
          <p>{t.noSubstatus}</p>
        ) : (
          <ul className="follow-up__counts">
            {counts.substatuses.map(({ substatus, count }) => (
              <li key={substatus}>
                <CountButton
                  count={count}
                  label={t.countLabel(followUpSubstatuses[substatus], count)}
                  pressed={isOpen(view, 'substatus', substatus)}
                  onOpen={() => onOpen({ bucket: 'substatus', value: substatus })}
                >
                  {followUpSubstatuses[substatus]}
                </CountButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="follow-up__section" aria-labelledby="follow-up-steps">
        <h2 id="follow-up-steps">{t.byStep}</h2>
        {counts.steps.length === 0 ? (
          <p>{t.noStep}</p>
        ) : (
          <ul className="follow-up__counts">
            {counts.steps.map(({ step, count }) => (
              <li key={step}>
                <CountButton
                  count={count}
                  label={t.countLabel(t.step(step), count)}
                  pressed={isOpen(view, 'step', String(step))}
                  onOpen={() => onOpen({ bucket: 'step', value: String(step) })}
                >
                  {t.step(step)}
                </CountButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
