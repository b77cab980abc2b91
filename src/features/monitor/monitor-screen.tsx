// /dev/monitor (issue #15 "Developer pages"): a live view of this server process — uptime, memory,
// event-loop lag, database and pool, live sockets, bus rates, job queues, webhook lag, slowest
// statements and errors of the last hour — read every few seconds
// from GET /api/dev/monitor. Figures laid out as cards that wrap, for a tablet as for a desktop.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { monitorQueries } from '../../api/monitor.ts'
import type { DevMonitor } from '../../contracts/monitor.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { monitorScreen as t, screenTitles } from '../../i18n/fr/monitor.ts'
import { formatTime } from '../../i18n/format.ts'
import { busRates } from './bus-rates.ts'
import { MonitorFigures } from './monitor-figures.tsx'
import { MonitorHealth } from './monitor-health.tsx'
import './monitor.css'

/** The reading before the current one, kept during render (React's "previous props" pattern). */
function usePreviousReading(current: DevMonitor | undefined) {
  const [readings, setReadings] = useState<{ previous: DevMonitor | null; current?: DevMonitor }>({
    previous: null,
  })
  if (current && current !== readings.current) setReadings({ previous: readings.current ?? null, current })
  return readings.current === current ? readings.previous : null
}

export function MonitorScreen() {
  const reading = useQuery(monitorQueries.current())
  const previous = usePreviousReading(reading.data)
  return (
    <div className="monitor">
      <ScreenTitle title={screenTitles.devMonitor} />
      <p className="monitor__intro">{t.intro}</p>
      {reading.isError ? <p role="alert">{t.loadFailed}</p> : null}
      {reading.data ? (
        <>
          <p className="monitor__sampled">{t.sampledAt(formatTime(reading.data.sampledAt))}</p>
          <MonitorFigures data={reading.data} rates={busRates(previous, reading.data)} />
          <MonitorHealth data={reading.data} />
        </>
      ) : reading.isPending ? (
        <p>{t.loading}</p>
      ) : null}
    </div>
  )
}
