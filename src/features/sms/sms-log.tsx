// The SMS send log (issue #15 "SMS"): every SMS sent or refused, newest first, with its status (the
// provider's delivery reports move it forward) and why it was refused or failed; filters by status,
// template and phone, and the page, held in the URL.
import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useUrlFilters } from '../../components/ui/use-url-view.ts'
import { smsQueries } from '../../api/sms.ts'
import { Button } from '../../components/ui/button.tsx'
import { ListPager } from '../../components/ui/list-pager.tsx'
import {
  SMS_STATUSES,
  SMS_TEMPLATE_KEYS,
  type SmsLogQuery,
  type SmsStatus,
  type SmsTemplateKey,
} from '../../contracts/sms.ts'
import { smsKinds, smsScreen, smsStatuses, smsTemplateNames } from '../../i18n/fr/sms.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { PhoneNumber } from '../../components/ui/phone-number.tsx'

const t = smsScreen.log

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined
}

/** The log's view as the URL holds it. */
export function readSmsLogView(params: URLSearchParams): SmsLogQuery {
  const page = Number(params.get('page'))
  return {
    status: oneOf<SmsStatus>(SMS_STATUSES, params.get('status')),
    template: oneOf<SmsTemplateKey>(SMS_TEMPLATE_KEYS, params.get('template')),
    phone: params.get('phone')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

export function SmsLogList() {
  const [params, changeFilters] = useUrlFilters()
  const view = readSmsLogView(params)
  const list = useQuery(smsQueries.log(view))
  const [phone, setPhone] = useState(view.phone ?? '')

  function change(changes: Partial<Record<'status' | 'template' | 'phone', string>> & { page?: number }) {
    changeFilters(changes)
  }

  function handlePhone(event: FormEvent) {
    event.preventDefault()
    change({ phone })
  }

  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  return (
    <div className="sms-log">
      <form className="sms-log__filters" onSubmit={handlePhone} aria-label={t.filters}>
        <label>
          {t.status}
          <select value={view.status ?? ''} onChange={(event) => change({ status: event.target.value })}>
            <option value="">{t.all}</option>
            {SMS_STATUSES.map((status) => (
              <option key={status} value={status}>
                {smsStatuses[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.template}
          <select value={view.template ?? ''} onChange={(event) => change({ template: event.target.value })}>
            <option value="">{t.all}</option>
            {SMS_TEMPLATE_KEYS.map((key) => (
              <option key={key} value={key}>
                {smsTemplateNames[key]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.phone}
          <input type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
        </label>
        <Button type="submit" variant="secondary">
          {t.apply}
        </Button>
      </form>
      {list.isPending ? (
        <p>{smsScreen.loading}</p>
      ) : list.isError ? (
        <p role="alert">{smsScreen.loadFailed}</p>
      ) : data!.items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="sms-log__items">
          {data!.items.map((sms) => (
            <li key={sms.id} className={`sms-log__item is-${sms.status}`}>
              <p className="sms-log__head">
                <time dateTime={sms.createdAt}>{formatDateTime(sms.createdAt)}</time>
                <strong>{smsStatuses[sms.status]}</strong>
                <span>{smsTemplateNames[sms.templateKey]}</span>
                <PhoneNumber phone={sms.phone} />
                {sms.leadName ? <span>{sms.leadName}</span> : null}
                <span>
                  {t.columns.by} : {sms.sentBy ?? `${t.automatic} (${smsKinds[sms.kind]})`}
                </span>
              </p>
              <p className="sms-log__text">{sms.body}</p>
              {sms.error ? <p className="sms-log__error">{sms.error}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {data ? (
        <ListPager
          className="sms-log__pager"
          label={smsScreen.tabs.log}
          totalText={t.total(data.total)}
          page={view.page}
          pages={pages}
          strings={t}
          onPage={(page) => change({ page })}
        />
      ) : null}
    </div>
  )
}
