// A list of markets with their prefixes and leads, each editable in place and deletable after a
// confirmation (issue #12 "Markets"); a market with leads cannot be deleted (the server says why,
// notified). Shown on /backoffice/marches and in a mission's panel.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { marketMutations } from '../../../api/markets.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { Market } from '../../../contracts/markets.ts'
import { marketsScreen as t } from '../../../i18n/fr/backoffice-missions.ts'
import { notify } from '../../../stores/notifications.ts'
import { MarketEditor } from './market-editor.tsx'
import './markets.css'

export type MarketListProps = {
  markets: Market[]
  /** Show each market's mission (the markets page across missions). */
  showMission?: boolean
  readOnly?: boolean
}

export function MarketList({ markets, showMission = false, readOnly = false }: MarketListProps) {
  const queryClient = useQueryClient()
  const update = useMutation(marketMutations.update(queryClient))
  const remove = useMutation(marketMutations.remove(queryClient))
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<Market | null>(null)

  function handleDelete() {
    if (!deleting) return
    remove.mutateAsync({ id: deleting.id, missionId: deleting.missionId, version: deleting.version }).then(
      () => {
        setDeleting(null)
        notify({ kind: 'success', message: t.deleted })
      },
      () => setDeleting(null),
    )
  }

  return (
    <>
      <table className="market-list" aria-label={t.tableLabel}>
        <thead>
          <tr>
            <th scope="col">{t.columns.name}</th>
            {showMission ? <th scope="col">{t.columns.mission}</th> : null}
            <th scope="col">{t.columns.prefixes}</th>
            <th scope="col">{t.columns.leads}</th>
            {readOnly ? null : <th scope="col">{t.columns.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {markets.map((market) =>
            editing === market.id ? (
              <tr key={market.id}>
                <td colSpan={showMission ? 5 : 4}>
                  <MarketEditor
                    market={market}
                    onCancel={() => setEditing(null)}
                    onSave={async (values) => {
                      await update.mutateAsync({
                        id: market.id,
                        missionId: market.missionId,
                        version: market.version,
                        ...values,
                      })
                      setEditing(null)
                    }}
                  />
                </td>
              </tr>
            ) : (
              <tr key={market.id}>
                <th scope="row">{market.name}</th>
                {showMission ? <td>{market.missionName}</td> : null}
                <td>
                  {market.postalCodePrefixes.length > 0 ? market.postalCodePrefixes.join(', ') : t.noPrefix}
                </td>
                <td>{market.leadCount.toLocaleString('fr-FR')}</td>
                {readOnly ? null : (
                  <td className="market-list__actions">
                    <Button variant="secondary" onClick={() => setEditing(market.id)}>
                      {t.edit(market.name)}
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(market)}>
                      {t.delete(market.name)}
                    </Button>
                  </td>
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        message={t.deleteText(deleting?.name ?? '')}
        confirmLabel={t.deleteConfirm}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  )
}
