// "Mes rappels" (issue #29 point 5): the agent's own recalls, due now first, then later today, then
// the following days; each opens its lead; a late one says how late. The order is the server's (the
// hand-out's); the sections are display only (src/contracts/my-recalls.ts recallTiming).
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { leadQueries } from '../../api/leads.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { paths } from '../../contracts/app-paths.ts'
import { recallTiming, type MyRecall, type RecallTiming } from '../../contracts/my-recalls.ts'
import { formatLongDateTime } from '../../i18n/format.ts'
import { myRecalls as t, screenTitles } from '../../i18n/fr/my-recalls.ts'
import './my-recalls.css'
import { personName } from '../../contracts/person-name.ts'

type SectionId = keyof typeof t.sections
type Row = { recall: MyRecall; timing: RecallTiming }

function sectionOf(timing: RecallTiming): SectionId {
  if (timing.kind === 'late' || timing.kind === 'due') return 'due'
  return timing.kind
}

export function MyRecallsScreen({ now = new Date() }: { now?: Date }) {
  const { data, isError } = useQuery(leadQueries.myRecalls())
  const rows: Row[] = (data?.items ?? []).map((recall) => ({
    recall,
    timing: recallTiming(recall.recallAt, now),
  }))
  return (
    <section className="my-recalls" aria-busy={!data && !isError}>
      <ScreenTitle title={screenTitles.myRecalls} />
      <p className="my-recalls__hint">{t.handOutFirst}</p>
      {!data ? (
        <p role={isError ? 'alert' : 'status'}>{isError ? t.failed : t.loading}</p>
      ) : rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        (Object.keys(t.sections) as SectionId[]).map((id) => (
          <RecallSection key={id} id={id} rows={rows.filter((row) => sectionOf(row.timing) === id)} />
        ))
      )}
    </section>
  )
}

function RecallSection({ id, rows }: { id: SectionId; rows: Row[] }) {
  const titleId = useId()
  if (rows.length === 0) return null
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="my-recalls__section">
        {t.sections[id]} ({rows.length})
      </h2>
      <ul className="my-recalls__list" aria-label={t.listLabel(t.sections[id])}>
        {rows.map(({ recall, timing }) => {
          const name = personName(recall)
          return (
            <li
              key={recall.id}
              className="my-recalls__item"
              style={{ borderLeftColor: recall.mission.color }}
            >
              <Link to={paths.lead(recall.uuid)} aria-label={t.openLabel(name)} className="my-recalls__name">
                {name}
              </Link>
              <span>{recall.mission.name}</span>
              <span>{t.status[recall.status]}</span>
              <span>{recall.recallAt ? formatLongDateTime(recall.recallAt) : t.noDate}</span>
              {timing.kind === 'late' ? <strong className="my-recalls__late">{t.late(timing)}</strong> : null}
              {recall.heldByMe ? <span className="my-recalls__held">{t.held}</span> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
