// The results of a lead search (issue #11): for each lead its mission, status, who holds it and
// since when, until when it may be worked, and `Prendre` only where the server says a pick would
// take it (`canPick`), else the reason in words. A row opens the lead's sheet (view mode unless the
// reader processes it).
import type { MouseEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import { leadMutations } from '../../api/leads.ts'
import { paths } from '../../contracts/app-paths.ts'
import type { LeadSearchItem, LeadSearchResult } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { formatDate, formatDateTime } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { PhoneNumber } from '../../components/ui/phone-number.tsx'
import { personName } from '../../contracts/person-name.ts'

export type LeadSearchResultsProps = { result: LeadSearchResult }

const t = fr.leads.home

function Holder({ item }: { item: LeadSearchItem }) {
  const holder = item.processingUser
  if (!holder) return <>{t.free}</>
  return (
    <>
      {t.heldBy(fr.leads.sheet.viewerName(holder.firstName, holder.lastName))}
      {item.processingSince ? (
        <span className="lead-search__since"> {t.heldSince(formatDateTime(item.processingSince))}</span>
      ) : null}
    </>
  )
}

type PickCellProps = { item: LeadSearchItem; name: string; disabled: boolean; onPick: (id: number) => void }

function PickCell({ item, name, disabled, onPick }: PickCellProps) {
  const offlineReason = useOfflineReason()
  if (!item.canPick)
    return <span className="lead-search__refusal">{t.pickRefusals[item.pickRefusal ?? 'HELD']}</span>
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={t.pickLabel(name)}
      // Issue #5: picking a lead needs the server now; never deferred.
      disabled={disabled || offlineReason !== undefined}
      title={offlineReason}
      onClick={() => onPick(item.id)}
    >
      {t.pick}
    </button>
  )
}

/** A click on the row, not on one of its controls, opens the sheet (the name is the keyboard's link). */
function isOnControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('a, button') !== null
}

export function LeadSearchResults({ result }: LeadSearchResultsProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const pick = useMutation(leadMutations.pickLead(queryClient))

  if (result.items.length === 0) return <p>{t.noResults}</p>
  // A reader who may never take leads (an administrator) gets no action column at all.
  const showActions = result.items.some((item) => item.pickRefusal !== 'NOT_CALL_CAPABLE')
  return (
    <>
      {result.approximate ? (
        <p className="lead-search__approximate" role="note">
          {t.approximate}
        </p>
      ) : null}
      <p>{t.resultsCount(result.total, result.totalCapped)}</p>
      <div className="lead-search__scroll">
        <table className="lead-search__results" aria-label={t.resultsLabel}>
          <thead>
            <tr>
              <th scope="col">{t.columns.name}</th>
              <th scope="col">{t.columns.phone}</th>
              <th scope="col">{t.columns.mission}</th>
              <th scope="col">{t.columns.status}</th>
              <th scope="col">{t.columns.holder}</th>
              <th scope="col">{t.columns.expiry}</th>
              {showActions ? <th scope="col">{t.columns.action}</th> : null}
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => {
              const name = personName(item)
              const sheet = paths.lead(item.uuid)
              return (
                <tr
                  key={item.id}
                  className="lead-search__row"
                  onClick={(event) => {
                    if (!isOnControl(event)) void navigate(sheet)
                  }}
                >
                  <td>
                    <Link to={sheet} title={t.openLabel(name)}>
                      {name}
                    </Link>
                  </td>
                  <td>
                    <PhoneNumber phone={item.phone} />
                  </td>
                  <td>
                    <span className="lead-search__mission" style={{ borderColor: item.mission.color }}>
                      {item.mission.name}
                    </span>
                  </td>
                  <td>
                    {fr.leads.statuses[item.status]}
                    {item.recallAt ? (
                      <span className="lead-search__recall">{t.recallAt(formatDateTime(item.recallAt))}</span>
                    ) : null}
                  </td>
                  <td>
                    <Holder item={item} />
                  </td>
                  <td>{item.isExpired ? t.expired : t.expiresOn(formatDate(item.expirationDate))}</td>
                  {showActions ? (
                    <td>
                      <PickCell item={item} name={name} disabled={pick.isPending} onPick={pick.mutate} />
                    </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
