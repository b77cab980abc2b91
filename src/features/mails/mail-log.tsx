// The log of sent e-mails (issue #15 "E-mails"): filters (template, status, recipient, period) and the
// page live in the URL; each mail's status in French with its SMTP error, and a resend. The recipient
// search applies once typing pauses, as in the other lists.
import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { useDelayedSearch } from '../../components/ui/use-delayed-search.ts'
import { useUrlFilters } from '../../components/ui/use-url-view.ts'
import { mailMutations, mailQueries } from '../../api/mails.ts'
import { Button } from '../../components/ui/button.tsx'
import { ListPager } from '../../components/ui/list-pager.tsx'
import {
  MAIL_STATUSES,
  MAIL_TEMPLATE_KEYS,
  mailLogQuerySchema,
  type MailLogEntry,
  type MailLogQuery,
} from '../../contracts/mails.ts'
import { mailsScreen as t } from '../../i18n/fr/mails.ts'
import { formatDateTime } from '../../i18n/format.ts'

const FILTERS = ['template', 'status', 'q', 'from', 'to'] as const

function queryOf(params: URLSearchParams): Partial<MailLogQuery> {
  const raw = Object.fromEntries([...FILTERS, 'page'].map((name) => [name, params.get(name) ?? undefined]))
  const parsed = mailLogQuerySchema.safeParse(raw)
  return parsed.success ? parsed.data : { page: 1 }
}

export function MailLog() {
  const [params, changeFilters] = useUrlFilters()
  const query = queryOf(params)
  const log = useQuery(mailQueries.log(query))
  const ids = useId()
  const [search, handleSearch] = useDelayedSearch(query.q ?? '', (value) => handleFilter('q', value))

  // The page as a number: useUrlFilters leaves page 1 out of the URL.
  function handleFilter(name: (typeof FILTERS)[number] | 'page', value: string | number) {
    changeFilters({ [name]: value }, { replace: name !== 'page' })
  }

  const data = log.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  return (
    <div className="mails__log">
      <fieldset className="mails__filters">
        <legend>{t.filters}</legend>
        <label htmlFor={`${ids}-template`}>{t.template}</label>
        <select
          id={`${ids}-template`}
          value={query.template ?? ''}
          onChange={(event) => handleFilter('template', event.target.value)}
        >
          <option value="">{t.allTemplates}</option>
          {MAIL_TEMPLATE_KEYS.map((key) => (
            <option key={key} value={key}>
              {t.templateNames[key]}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-status`}>{t.status}</label>
        <select
          id={`${ids}-status`}
          value={query.status ?? ''}
          onChange={(event) => handleFilter('status', event.target.value)}
        >
          <option value="">{t.allStatuses}</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t.statuses[status]}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-q`}>{t.recipient}</label>
        <input
          id={`${ids}-q`}
          type="search"
          value={search}
          onChange={(event) => handleSearch(event.target.value)}
        />
        <label htmlFor={`${ids}-from`}>{t.from}</label>
        <input
          id={`${ids}-from`}
          type="date"
          value={query.from ?? ''}
          onChange={(event) => handleFilter('from', event.target.value)}
        />
        <label htmlFor={`${ids}-to`}>{t.to}</label>
        <input
          id={`${ids}-to`}
          type="date"
          value={query.to ?? ''}
          onChange={(event) => handleFilter('to', event.target.value)}
        />
      </fieldset>
      {log.isPending ? (
        <p>{t.loading}</p>
      ) : log.isError ? (
        <p role="alert">{t.loadFailed}</p>
      ) : data!.items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div className="mails__table-wrap">
          <table className="mails__table">
            <thead>
              <tr>
                <th scope="col">{t.columns.queuedAt}</th>
                <th scope="col">{t.columns.to}</th>
                <th scope="col">{t.columns.template}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data!.items.map((item) => (
                <LogRow key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? (
        <ListPager
          className="mails__pager"
          label={t.pagerLabel}
          totalText={t.total(data.total)}
          page={data.page}
          pages={pages}
          strings={t.pager}
          onPage={(page) => handleFilter('page', page)}
        />
      ) : null}
    </div>
  )
}

type LogRowProps = { item: MailLogEntry }

function LogRow({ item }: LogRowProps) {
  const queryClient = useQueryClient()
  const resend = useMutation(mailMutations.resend(queryClient))
  return (
    <tr>
      <td>{formatDateTime(item.queuedAt)}</td>
      <td className="mails__to">{item.to}</td>
      <td>
        {t.templateNames[item.template]}
        {item.test ? <span className="mails__badge">{t.testMark}</span> : null}
        {item.subject ? <div className="mails__subject">{item.subject}</div> : null}
      </td>
      <td>
        <span className={`mails__status mails__status--${item.status}`}>{t.statuses[item.status]}</span>
        <div className="mails__attempts">{t.attempts(item.attempts)}</div>
        {item.error ? <div className="mails__error">{item.error}</div> : null}
      </td>
      <td>
        <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(item.id)}>
          {t.resend}
        </Button>
      </td>
    </tr>
  )
}
