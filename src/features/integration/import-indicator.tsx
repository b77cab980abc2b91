// The layout's import indicator (issue #13): while an import runs, "Import en cours : 42 %" in the
// header for administrators, a link back to its progress. Loaded on demand by the layout
// (src/app/layouts/import-indicator-gate.tsx), and small: no parser, no integration screen.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { importProgressQueries } from '../../api/import-progress.ts'
import { paths } from '../../contracts/app-paths.ts'
import { importIndicator as t } from '../../i18n/fr/import-indicator.ts'
import './import-indicator.css'

export function ImportIndicator() {
  const running = useQuery(importProgressQueries.running())
  const latest = useQuery(importProgressQueries.latest())
  const item = running.data
  if (!item) return null
  // The live signal when it is this import's, else the counts the list gave.
  const signal = latest.data?.importId === item.id ? latest.data : null
  const total = signal?.totalRows || item.totalRows
  const done = signal?.rowsDone ?? item.rowsDone
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0
  return (
    // The link is named by its words: a live region inside a link gives it no name in Chromium.
    <Link
      className="import-indicator"
      to={`${paths.integrationIntegrate()}?import=${item.id}`}
      aria-label={t.label(percent)}
    >
      <span role="status">{t.label(percent)}</span>
    </Link>
  )
}
