// The users list (issue #12 "Users"): @tanstack/react-table for the columns, the sort state and the
// row selection; the server sorts and pages (manual sorting), the URL holds the sort. A user's name is
// a real button opening their panel, so the list is walked with Tab and opened with Enter. Managers
// (read-only) get no selection column.
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table'
import type { AdminUser } from '../../../contracts/user-admin.ts'
import type { UserSort } from '../../../contracts/user-form.ts'
import { roles, userStatuses } from '../../../i18n/fr/roles.ts'
import { usersScreen, usersTable as t } from '../../../i18n/fr/backoffice-users.ts'
import { UserAvatar } from './user-avatar.tsx'
import { personName } from '../../../contracts/person-name.ts'

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature })
const helper = createColumnHelper<typeof features, AdminUser>()

export const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) => personName(user)
const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ') || t.none

const columns = helper.columns([
  helper.display({ id: 'select', header: t.selectPage }),
  helper.accessor(fullName, { id: 'name', header: t.columns.name }),
  helper.accessor('email', { id: 'email', header: t.columns.email }),
  helper.accessor((user) => roles[user.role], { id: 'role', header: t.columns.role }),
  helper.accessor((user) => userStatuses[user.status], { id: 'status', header: t.columns.status }),
  helper.accessor((user) => names(user.teams), {
    id: 'teams',
    header: t.columns.teams,
    enableSorting: false,
  }),
  helper.accessor((user) => names(user.missions), {
    id: 'missions',
    header: t.columns.missions,
    enableSorting: false,
  }),
])

export type UsersTableProps = {
  users: readonly AdminUser[]
  sort: UserSort
  order: 'asc' | 'desc'
  openId: number | null
  /** Absent: read-only, no selection. */
  selection?: RowSelectionState
  onSelectionChange?: (selection: RowSelectionState) => void
  onSortChange: (sort: UserSort, order: 'asc' | 'desc') => void
  onOpen: (userId: number) => void
}

export function UsersTable(props: UsersTableProps) {
  const { users, sort, order, openId, selection, onSelectionChange, onSortChange, onOpen } = props
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }]
  const table = useTable({
    features,
    columns,
    data: users as AdminUser[],
    getRowId: (user) => String(user.id),
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: selection !== undefined,
    state: { sorting, rowSelection: selection ?? {} },
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater
      if (next) onSortChange(next.id as UserSort, next.desc ? 'desc' : 'asc')
    },
    onRowSelectionChange: (updater) => {
      const current = selection ?? {}
      onSelectionChange?.(typeof updater === 'function' ? updater(current) : updater)
    },
  })
  const visible = table.getAllLeafColumns().filter((column) => column.id !== 'select' || selection)

  return (
    <div className="users-table__scroll">
      <table className="users-table" aria-label={usersScreen.tableLabel}>
        <thead>
          <tr>
            {table
              .getHeaderGroups()[0]!
              .headers.filter((header) => visible.includes(header.column))
              .map((header) => {
                if (header.column.id === 'select')
                  return (
                    <th key={header.id} scope="col" className="users-table__check">
                      <input
                        type="checkbox"
                        aria-label={t.selectPage}
                        checked={table.getIsAllPageRowsSelected()}
                        ref={(input) => {
                          if (input)
                            input.indeterminate =
                              table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()
                        }}
                        onChange={table.getToggleAllPageRowsSelectedHandler()}
                      />
                    </th>
                  )
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
                        className="users-table__sort"
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
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const user = row.original
            const name = fullName(user)
            return (
              <tr
                key={row.id}
                className={user.id === openId ? 'users-table__row is-open' : 'users-table__row'}
              >
                {row
                  .getAllCells()
                  .filter((cell) => visible.includes(cell.column))
                  .map((cell) => {
                    if (cell.column.id === 'select')
                      return (
                        <td key={cell.id} className="users-table__check">
                          <input
                            type="checkbox"
                            aria-label={t.select(name)}
                            checked={row.getIsSelected()}
                            onChange={row.getToggleSelectedHandler()}
                          />
                        </td>
                      )
                    if (cell.column.id === 'name')
                      return (
                        <th key={cell.id} scope="row">
                          <span className="users-table__person">
                            <UserAvatar user={user} size={32} />
                            <button
                              type="button"
                              className="users-table__open"
                              aria-label={t.open(name)}
                              aria-current={user.id === openId ? 'true' : undefined}
                              onClick={() => onOpen(user.id)}
                            >
                              {name}
                            </button>
                            {user.workingNow ? (
                              <span className="users-table__working" title={t.workingHint}>
                                {t.working}
                              </span>
                            ) : null}
                          </span>
                        </th>
                      )
                    return (
                      <td key={cell.id}>
                        <table.FlexRender cell={cell} />
                        {cell.column.id === 'status' && user.aircallId === null && user.role !== 'ADMIN' ? (
                          <span className="users-table__flag">{t.needsLink}</span>
                        ) : null}
                      </td>
                    )
                  })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
