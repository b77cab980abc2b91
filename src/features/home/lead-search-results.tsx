// The results of a lead search: name, phone, mission, status and the `Prendre` action.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { leadMutations } from '../../api/leads.ts'
import type { LeadSearchResult } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { formatPhone } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'

export type LeadSearchResultsProps = {
  result: LeadSearchResult
  canPick: boolean
}

const t = fr.leads.home

export function LeadSearchResults({ result, canPick }: LeadSearchResultsProps) {
  const queryClient = useQueryClient()
  const pick = useMutation(leadMutations.pickLead(queryClient))
  // Issue #5: picking a lead needs the server now; never deferred.
  const offlineReason = useOfflineReason()

  if (result.items.length === 0) return <p>{t.noResults}</p>
  return (
    <>
      <p>{t.resultsCount(result.total, result.totalCapped)}</p>
      <table className="lead-search__results" aria-label={t.resultsLabel}>
        <thead>
          <tr>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.phone}</th>
            <th scope="col">{t.columns.mission}</th>
            <th scope="col">{t.columns.status}</th>
            {canPick ? <th scope="col">{t.columns.action}</th> : null}
          </tr>
        </thead>
        <tbody>
          {result.items.map((item) => {
            const name = `${item.firstName} ${item.lastName}`
            return (
              <tr key={item.id}>
                <td>{name}</td>
                <td>{formatPhone(item.phone)}</td>
                <td>
                  <span className="lead-search__mission" style={{ borderColor: item.mission.color }}>
                    {item.mission.name}
                  </span>
                </td>
                <td>{fr.leads.statuses[item.status]}</td>
                {canPick ? (
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t.pickLabel(name)}
                      disabled={pick.isPending || offlineReason !== undefined}
                      title={offlineReason}
                      onClick={() => pick.mutate(item.id)}
                    >
                      {t.pick}
                    </button>
                  </td>
                ) : null}
              </tr>
            )
          })}
        </tbody>
      </table>
    </>
  )
}
