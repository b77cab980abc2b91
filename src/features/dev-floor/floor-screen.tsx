// /dev/call-center-activity (issue #15 "Developer pages"): start a simulated floor with chosen
// virtual teleoperators and a speed, watch what each one does and the counters move, stop it. The
// state is read again every two seconds (from whichever server process runs the floor).
import { useQuery } from '@tanstack/react-query'
import { devFloorQueries } from '../../api/dev-floor.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { floorScreen as t, screenTitles } from '../../i18n/fr/dev-floor.ts'
import { FloorAgents } from './floor-agents.tsx'
import { FloorControls } from './floor-controls.tsx'
import { FloorCountersList } from './floor-counters.tsx'
import './dev-floor.css'

export function FloorScreen() {
  const floor = useQuery(devFloorQueries.floor())
  return (
    <div className="dev-floor">
      <ScreenTitle title={screenTitles.devCallCenterActivity} />
      <p className="dev-floor__intro">{t.intro}</p>
      {floor.isError && !floor.data ? <p role="alert">{t.loadFailed}</p> : null}
      {floor.data ? (
        <>
          <FloorControls state={floor.data} />
          <FloorCountersList counters={floor.data.counters} />
          {floor.data.agents.length > 0 ? <FloorAgents agents={floor.data.agents} /> : null}
        </>
      ) : floor.isPending ? (
        <p>{t.loading}</p>
      ) : null}
    </div>
  )
}
