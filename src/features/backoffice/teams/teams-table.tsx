// The teams list (issue #12): @tanstack/react-table for the columns and the sort state; the server
// sorts and pages (manual sorting), the URL holds the sort. A row opens the team's panel; its name is
// a real button, so the list is walked with Tab and opened with Enter.
import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table'
import type { TeamSort } from '../../../contracts/team-form.ts'
import type { TeamSummary } from '../../../contracts/teams.ts'
import { teamsScreen as t } from '../../../i18n/fr/backoffice.ts'
import { personName } from '../../../contracts/person-name.ts'

const features = tableFeatures({ rowSortingFeature })
const helper = createColumnHelper<typeof features, TeamSummary>()

function managerNames(team: TeamSummary): string {
  return team.managers.map((person) => personName(person)).join(', ') || t.noManager
}

const columns = helper.columns([
  helper.accessor('name', { id: 'name', header: t.columns.name }),
  helper.accessor('memberCount', { id: 'memberCount', header: t.columns.members }),
  helper.accessor(managerNames, { id: 'managers', header: t.columns.managers, enableSorting: false }),
  helper.accessor((team) => (team.archivedAt ? t.archived : t.active), {
    id: 'status',
    header: t.columns.status,
    enableSorting: false,
  }),
])

export type TeamsTableProps = {
  teams: readonly TeamSummary[]
  sort: TeamSort
  order: 'asc' | 'desc'
  selectedId: number | null
  onSortChange: (sort: TeamSort, order: 'asc' | 'desc') => void
  onOpen: (teamId: number) => void
}

export function TeamsTable({ teams, sort, order, selectedId, onSortChange, onOpen }: TeamsTableProps) {
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }]
  const table = useTable({
    features,
    columns,
    data: teams as TeamSummary[],
    getRowId: (team) => String(team.id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater
      if (next) onSortChange(next.id as TeamSort, next.desc ? 'desc' : 'asc')
    },
  })

  return (
    <div className="teams-table__scroll">
      <table className="teams-table" aria-label={t.tableLabel}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="teams-table__sort"
                        onClick={header.column.getToggleSortingHandler()}
                        title={t.sortBy(String(header.column.columnDef.header))}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={row.original.id === selectedId ? 'teams-table__row is-selected' : 'teams-table__row'}
            >
              {row.getAllCells().map((cell) =>
                cell.column.id === 'name' ? (
                  <th key={cell.id} scope="row">
                    <button
                      type="button"
                      className="teams-table__open"
                      aria-label={t.open(row.original.name)}
                      aria-current={row.original.id === selectedId ? 'true' : undefined}
                      onClick={() => onOpen(row.original.id)}
                    >
                      {row.original.name}
                    </button>
                  </th>
                ) : (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
