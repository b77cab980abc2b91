// The leads behind the count a manager opened (issue #14): each links to its sheet (view mode: the
// manager does not hold it); a lead waiting for a forced appointment offers its booking page, a held
// lead whose agent the manager follows offers to free it (confirmed first).
import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { apiErrorMessage } from '../../api/error-message.ts'
import { followUpMutations, followUpQueries, type FollowUpLeadsParams } from '../../api/follow-up.ts'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { ListPager } from '../../components/ui/list-pager.tsx'
import { paths } from '../../contracts/app-paths.ts'
import { appUrls } from '../../contracts/app-urls.ts'
import type { FollowUpLead } from '../../contracts/follow-up.ts'
import { formatDate, formatDateTime } from '../../i18n/format.ts'
import {
  followUpList as t,
  followUpStatuses,
  followUpSubstatuses,
  unassignDialog,
} from '../../i18n/fr/follow-up.ts'
import { notify } from '../../stores/notifications.ts'
import { PhoneNumber } from '../../components/ui/phone-number.tsx'
import { personName } from '../../contracts/person-name.ts'

const nameOf = (person: { firstName: string; lastName: string }) => personName(person)

function situationOf(lead: FollowUpLead): string {
  if (lead.processingUser && lead.processingSince)
    return t.heldBy(nameOf(lead.processingUser), formatDateTime(lead.processingSince))
  if (lead.status === 'RECALL' || lead.status === 'UNREACHABLE')
    return lead.recallAt ? t.recallAt(formatDateTime(lead.recallAt)) : t.recallNow
  return t.free
}

function LeadRow({
  lead,
  now,
  onUnassign,
}: {
  lead: FollowUpLead
  now: number
  onUnassign: (lead: FollowUpLead) => void
}) {
  const name = nameOf(lead)
  return (
    <tr>
      <th scope="row">
        <Link to={paths.lead(lead.uuid)} aria-label={t.openLead(name)}>
          {name}
        </Link>
        <PhoneNumber className="follow-up__phone" phone={lead.phone} />
      </th>
      <td>{lead.market.name}</td>
      <td>
        {followUpStatuses[lead.status]}
        {lead.substatus ? (
          <span className="follow-up__substatus">{followUpSubstatuses[lead.substatus]}</span>
        ) : null}
      </td>
      <td>{lead.step}</td>
      <td>{situationOf(lead)}</td>
      <td>{Date.parse(lead.expirationDate) <= now ? t.expired : formatDate(lead.expirationDate)}</td>
      <td>
        <div className="follow-up__actions">
          {lead.substatus === 'WAITING_FOR_FORCED_RDV' ? (
            <Link
              className="follow-up__action"
              to={appUrls.leadAppointment(lead.uuid)}
              aria-label={t.bookLabel(name)}
            >
              {t.book}
            </Link>
          ) : null}
          {lead.processingUser && lead.canUnassign ? (
            // The house button's look (button.css, loaded by the pager), named with the lead for the row.
            <button
              type="button"
              className="button button--secondary"
              aria-label={t.unassignLabel(name)}
              onClick={() => onUnassign(lead)}
            >
              {t.unassign}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  )
}

export type FollowUpLeadsProps = {
  params: FollowUpLeadsParams
  title: string
  /** Focus the list's heading when it opens after a count was pressed. */
  focusKey: number
  onPage: (page: number) => void
}

export function FollowUpLeads({ params, title, focusKey, onPage }: FollowUpLeadsProps) {
  const queryClient = useQueryClient()
  const list = useQuery(followUpQueries.leads(params))
  const unassign = useMutation(followUpMutations.unassign(queryClient))
  const [asked, setAsked] = useState<FollowUpLead | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The first time the list is put up is not a press; afterwards each press moves focus here.
  useEffect(() => {
    if (focusKey > 0) headingRef.current?.focus()
  }, [focusKey])
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? 1)))
  const holder = asked?.processingUser ?? null

  function handleConfirm() {
    if (!holder) return
    unassign.mutate(holder.id, {
      onSuccess: () => notify({ kind: 'success', message: unassignDialog.done(nameOf(holder)) }),
      onSettled: () => setAsked(null),
    })
  }

  return (
    <section className="follow-up__section follow-up__list" aria-labelledby="follow-up-list">
      <h2 id="follow-up-list" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {list.data === undefined ? (
        <p role={list.isError ? 'alert' : 'status'}>
          {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
        </p>
      ) : list.data.items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <>
          <div className="follow-up__scroll">
            <table className="follow-up__table follow-up__leads" aria-label={t.tableLabel}>
              <thead>
                <tr>
                  {Object.values(t.columns).map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((lead) => (
                  <LeadRow key={lead.id} lead={lead} now={list.dataUpdatedAt} onUnassign={setAsked} />
                ))}
              </tbody>
            </table>
          </div>
          <ListPager
            className="follow-up__pages"
            label={t.pagesLabel}
            totalText={t.total(list.data.total)}
            page={params.page}
            pages={pages}
            strings={t}
            onPage={onPage}
          />
        </>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={holder ? unassignDialog.title(nameOf(holder)) : ''}
        message={unassignDialog.message}
        confirmLabel={unassignDialog.confirm}
        cancelLabel={unassignDialog.cancel}
        busy={unassign.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setAsked(null)}
      />
    </section>
  )
}
