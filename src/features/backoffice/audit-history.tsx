// "Historique des modifications" of a back-office entity (issue #12 "Audit trail"): who, when (Paris
// time, French), what, and each changed value before → after; older entries page by page (plain
// pages rather than an infinite query, which would add its observer to the /login chunk of TanStack).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { auditQueries } from '../../api/audit.ts'
import { Button } from '../../components/ui/button.tsx'
import type { AuditEntity, AuditEntry, AuditSnapshot } from '../../contracts/audit.ts'
import { auditHistory as t } from '../../i18n/fr/backoffice.ts'
import { auditFieldLabel, auditValue } from '../../i18n/fr/audit-values.ts'
import { formatDateTime } from '../../i18n/format.ts'
import './audit-history.css'
import { personName } from '../../contracts/person-name.ts'

export type AuditHistoryProps = { entity: AuditEntity; entityId: number }

type Value = AuditSnapshot[string] | undefined

/** The values an entry shows: every field but ids, before → after when both sides exist. */
function changes(entry: AuditEntry): { field: string; before: Value; after: Value }[] {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])
  fields.delete('userId')
  return [...fields].map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }))
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const shown = (field: string, value: Value) => auditValue(entry.entity, field, value)
  const who = entry.user ? personName(entry.user) : t.unknownUser
  return (
    <li className="audit-history__entry">
      <p className="audit-history__head">
        <strong>{t.actions[entry.action]}</strong> <span>{t.by(who, formatDateTime(entry.at))}</span>
      </p>
      <dl className="audit-history__changes">
        {changes(entry).map(({ field, before, after }) => (
          <div key={field}>
            <dt>{auditFieldLabel(field)}</dt>
            <dd>
              {entry.before && entry.after ? (
                <>
                  <del>{shown(field, before)}</del> <span aria-hidden="true">{t.arrow}</span>{' '}
                  <ins>{shown(field, after)}</ins>
                </>
              ) : (
                shown(field, after ?? before)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  )
}

export function AuditHistory({ entity, entityId }: AuditHistoryProps) {
  const [page, setPage] = useState(1)
  const history = useQuery(auditQueries.page(entity, entityId, page))
  const entries = history.data?.items ?? []
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1
  const titleId = `audit-${entity}-${entityId}`
  return (
    <section className="audit-history" aria-labelledby={titleId} aria-busy={history.isFetching || undefined}>
      <h3 id={titleId}>{t.title}</h3>
      {history.isPending ? (
        <p role="status">{t.loading}</p>
      ) : entries.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ol className="audit-history__list">
          {entries.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <div className="audit-history__pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.newer}
          </Button>
          <span>{t.page(page, pages)}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t.older}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
