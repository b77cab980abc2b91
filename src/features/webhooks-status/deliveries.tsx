// The deliveries list (issue #15 "Telephony webhook status"): filters by type and state held in the
// URL, each delivery's recorded payload (token redacted by the server) in a disclosure, and the
// replay of a failed one after confirmation.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useUrlFilters } from '../../components/ui/use-url-view.ts'
import { webhookMutations, webhookQueries } from '../../api/webhooks.ts'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { ListPager } from '../../components/ui/list-pager.tsx'
import { WEBHOOK_OUTCOMES, type WebhookDelivery, type WebhookOutcome } from '../../contracts/webhooks.ts'
import { webhooksStatus as t } from '../../i18n/fr/webhooks-status.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { notify } from '../../stores/notifications.ts'

function isOutcome(value: string | null): value is WebhookOutcome {
  return value !== null && (WEBHOOK_OUTCOMES as readonly string[]).includes(value)
}

/** The list's view as the URL holds it. */
export function readDeliveriesView(params: URLSearchParams) {
  const state = params.get('state')
  const page = Number(params.get('page'))
  return {
    type: params.get('type') || undefined,
    state: isOutcome(state) ? state : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

export function Deliveries() {
  const [params, changeFilters] = useUrlFilters()
  const view = readDeliveriesView(params)
  const list = useQuery(webhookQueries.deliveries(view))
  const queryClient = useQueryClient()
  const replay = useMutation(webhookMutations.replay(queryClient))
  const [confirming, setConfirming] = useState<WebhookDelivery | null>(null)

  function change(changes: { type?: string | undefined; state?: string | undefined; page?: number }) {
    changeFilters(changes)
  }

  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  return (
    <Card title={t.deliveries} loading={list.isFetching && !list.isPending}>
      <div className="webhooks-status__filters">
        <label>
          {t.filterType}
          <select value={view.type ?? ''} onChange={(event) => change({ type: event.target.value })}>
            <option value="">{t.allTypes}</option>
            {(data?.types ?? (view.type ? [view.type] : [])).map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.filterState}
          <select value={view.state ?? ''} onChange={(event) => change({ state: event.target.value })}>
            <option value="">{t.allStates}</option>
            {WEBHOOK_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t.outcomes[outcome]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <p>{t.loading}</p>
      ) : list.isError ? (
        <p role="alert">{t.loadFailed}</p>
      ) : data!.items.length === 0 ? (
        <p>{t.noMatch}</p>
      ) : (
        <ul className="webhooks-status__deliveries">
          {data!.items.map((delivery) => (
            <li key={delivery.id} className={`webhooks-status__delivery is-${delivery.outcome}`}>
              <div className="webhooks-status__delivery-head">
                <code>{delivery.event}</code>
                <span>{t.outcomes[delivery.outcome]}</span>
                <time dateTime={delivery.receivedAt}>{formatDateTime(delivery.receivedAt)}</time>
                {delivery.outcome === 'error' ? (
                  <Button variant="secondary" onClick={() => setConfirming(delivery)}>
                    {t.replay}
                  </Button>
                ) : null}
              </div>
              {delivery.error ? (
                <p className="webhooks-status__error">
                  {t.error} : {delivery.error}
                </p>
              ) : null}
              <details>
                <summary>{t.payload}</summary>
                <pre>{JSON.stringify(delivery.payload, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      {data ? (
        <ListPager
          className="webhooks-status__pager"
          label={t.pagerLabel}
          totalText={t.totalText(data.total)}
          page={view.page}
          pages={pages}
          strings={t.pager}
          onPage={(page) => change({ page })}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t.replayTitle}
        message={t.replayMessage(confirming?.event ?? '')}
        confirmLabel={t.replayConfirm}
        cancelLabel={t.cancel}
        busy={replay.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return
          replay.mutate(confirming.id, {
            onSuccess: ({ delivery }) =>
              notify({ kind: 'success', message: t.replayed(t.outcomes[delivery.outcome]) }),
            onSettled: () => setConfirming(null),
          })
        }}
      />
    </Card>
  )
}
