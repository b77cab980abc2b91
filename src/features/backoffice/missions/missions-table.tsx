// The missions list (issue #12): name with its colour, call process, markets, leads, state. Each
// name opens the mission's panel; the open one is marked for assistive technology.
import type { MissionSummary } from '../../../contracts/missions.ts'
import { missionsScreen as t } from '../../../i18n/fr/backoffice-missions.ts'

export type MissionsTableProps = {
  missions: MissionSummary[]
  selectedId: number | null
  onOpen: (id: number) => void
}

export function MissionsTable({ missions, selectedId, onOpen }: MissionsTableProps) {
  return (
    <div className="missions-table__scroll">
      <table className="missions-table" aria-label={t.tableLabel}>
        <thead>
          <tr>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.callProcess}</th>
            <th scope="col">{t.columns.markets}</th>
            <th scope="col">{t.columns.leads}</th>
            <th scope="col">{t.columns.state}</th>
          </tr>
        </thead>
        <tbody>
          {missions.map((mission) => (
            <tr key={mission.id} aria-current={mission.id === selectedId ? 'true' : undefined}>
              <th scope="row">
                <span
                  className="missions-table__swatch"
                  style={{ background: mission.color }}
                  aria-hidden="true"
                />
                <button type="button" className="missions-table__open" onClick={() => onOpen(mission.id)}>
                  {mission.name}
                </button>
              </th>
              <td>{mission.callProcess?.name ?? t.noCallProcess}</td>
              <td>{mission.marketCount.toLocaleString('fr-FR')}</td>
              <td>{mission.leadCount.toLocaleString('fr-FR')}</td>
              <td>{mission.archivedAt ? t.archived : t.active}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
