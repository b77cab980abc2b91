// /backoffice/crons (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"): administrators see
// every job the server runs by itself — what it does, when it runs next, how its last runs went — and
// pause, resume, run now or reschedule it. The list asks the server again every few seconds.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { cronQueries } from '../../api/crons.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { cronsScreen as t, screenTitles } from '../../i18n/fr/crons.ts'
import { CronCard } from './cron-card.tsx'
import { ScheduleDialog } from './schedule-dialog.tsx'
import './crons.css'

export function CronsScreen() {
  const list = useQuery(cronQueries.list())
  const [editing, setEditing] = useState<string | null>(null)
  const jobs = list.data?.jobs ?? []
  const edited = jobs.find((job) => job.key === editing) ?? null
  return (
    <div className="crons">
      <ScreenTitle title={screenTitles.backofficeCrons} />
      <p className="crons__intro">{t.intro}</p>
      {list.isPending ? (
        <p>{t.loading}</p>
      ) : list.isError ? (
        <p role="alert">{t.loadFailed}</p>
      ) : (
        <div className="crons__list">
          {jobs.map((job) => (
            <CronCard key={job.key} job={job} onEdit={setEditing} />
          ))}
        </div>
      )}
      {edited ? <ScheduleDialog key={edited.key} job={edited} onClose={() => setEditing(null)} /> : null}
    </div>
  )
}
