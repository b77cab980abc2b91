// A users × missions (or users × teams) grid of checkboxes (issue #12 "Assignments"):
// @tanstack/react-table builds the columns, one per mission or team, beside the users' names. The
// header row and the names stay in view while the grid scrolls (tablets). One checkbox at a time is
// in the Tab order (roving tabindex): Tab enters and leaves the grid, the arrow keys, Home and End
// move between its cells, Space ticks; each checkbox is named "Affecter Julie Martin à Mission X".
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { apiErrorMessage } from '../../api/error-message.ts'
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import type { AssignmentPerson } from '../../contracts/assignments.ts'
import { roles } from '../../i18n/fr/roles.ts'
import { assignmentGrid as t } from '../../i18n/fr/assignments.ts'
import { personName } from '../../contracts/person-name.ts'

export type GridColumn = { id: number; name: string }
export type GridRow = AssignmentPerson & { checkedIds: readonly number[] }

export type AssignmentGridProps<C extends GridColumn> = {
  label: string
  columns: readonly C[]
  rows: readonly GridRow[]
  /** The checkbox's accessible name: "Affecter Julie Martin à Mission X". */
  cellLabel: (user: string, column: C) => string
  /** What the column's header shows (a swatch and a link for a mission). */
  renderHeader: (column: C) => ReactNode
  onToggle: (row: GridRow, column: C, checked: boolean) => void
  /** Issue #31: what became of each cell's last change, keyed by cellKey(row, column). */
  feedback?: ReadonlyMap<string, CellFeedback>
}

/** A cell's last change: being saved, saved, or refused with the server's French reason. */
export type CellFeedback = { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string }

export const cellKey = (rowId: number, columnId: number) => `${rowId}:${columnId}`

/**
 * Each cell's change confirmed on the cell (issue #31): `track` follows one change's promise (each its
 * own, so quick changes of several cells are each confirmed, unlike a mutation's last-call callbacks).
 */
export function useCellFeedback(failed: string) {
  const [feedback, setFeedback] = useState<ReadonlyMap<string, CellFeedback>>(new Map())
  const latest = useRef(new Map<string, Promise<unknown>>())
  const track = useCallback(
    (key: string, change: Promise<unknown>) => {
      latest.current.set(key, change)
      const set = (value: CellFeedback) => {
        // A newer change of the same cell speaks for it.
        if (latest.current.get(key) !== change) return
        setFeedback((current) => new Map(current).set(key, value))
      }
      set({ kind: 'saving' })
      change.then(
        () => set({ kind: 'saved' }),
        (error: unknown) => set({ kind: 'failed', message: apiErrorMessage(error, failed) }),
      )
    },
    [failed],
  )
  return [feedback, track] as const
}

function FeedbackNote({ id, feedback }: { id: string; feedback: CellFeedback | undefined }) {
  if (!feedback) return null
  return (
    <span
      id={id}
      className={`assignment-grid__feedback assignment-grid__feedback--${feedback.kind}`}
      role="status"
    >
      {feedback.kind === 'saving' ? t.cellSaving : feedback.kind === 'saved' ? t.cellSaved : feedback.message}
    </span>
  )
}

const features = tableFeatures({})
const helper = createColumnHelper<typeof features, GridRow>()

export const fullName = (person: Pick<AssignmentPerson, 'firstName' | 'lastName'>) => personName(person)

const MOVES: Record<string, (at: [number, number], last: [number, number]) => [number, number]> = {
  ArrowUp: ([r, c]) => [Math.max(0, r - 1), c],
  ArrowDown: ([r, c], [lr]) => [Math.min(lr, r + 1), c],
  ArrowLeft: ([r, c]) => [r, Math.max(0, c - 1)],
  ArrowRight: ([r, c], [, lc]) => [r, Math.min(lc, c + 1)],
  Home: ([r]) => [r, 0],
  End: ([r], [, lc]) => [r, lc],
}

export function AssignmentGrid<C extends GridColumn>({
  label,
  columns,
  rows,
  cellLabel,
  renderHeader,
  onToggle,
  feedback,
}: AssignmentGridProps<C>) {
  const body = useRef<HTMLTableSectionElement>(null)
  const [active, setActive] = useState<[number, number]>([0, 0])
  const tableColumns = useMemo(
    () =>
      helper.columns([
        helper.display({ id: 'user', header: t.user }),
        ...columns.map((column) => helper.display({ id: `c${column.id}`, header: column.name })),
      ]),
    [columns],
  )
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows as GridRow[],
    getRowId: (row) => String(row.id),
  })
  // The roving cell stays inside the grid when a page or the columns change.
  const at: [number, number] = [
    Math.min(active[0], Math.max(0, rows.length - 1)),
    Math.min(active[1], Math.max(0, columns.length - 1)),
  ]

  function handleKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const move = MOVES[event.key]
    if (!move) return
    event.preventDefault()
    const next = move(at, [rows.length - 1, columns.length - 1])
    setActive(next)
    body.current?.querySelector<HTMLInputElement>(`[data-cell="${next[0]}:${next[1]}"]`)?.focus()
  }

  return (
    <div className="assignment-grid__scroll">
      <table className="assignment-grid" aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, index) => (
                <th
                  key={header.id}
                  scope="col"
                  className={index === 0 ? 'assignment-grid__corner' : undefined}
                >
                  {index === 0 ? t.user : renderHeader(columns[index - 1]!)}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={body} onKeyDown={handleKeyDown}>
          {table.getRowModel().rows.map((row, r) => {
            const person = row.original
            const name = fullName(person)
            return (
              <tr key={row.id}>
                <th scope="row" className="assignment-grid__user">
                  <strong>{name}</strong>
                  <span>
                    {roles[person.role]}
                    {person.status === 'INACTIVE' ? ` · ${t.inactive}` : ''}
                  </span>
                </th>
                {columns.map((column, c) => {
                  const key = cellKey(person.id, column.id)
                  const note = feedback?.get(key)
                  const noteId = `assignment-cell-${key.replace(':', '-')}`
                  return (
                    <td key={column.id}>
                      <input
                        aria-describedby={note ? noteId : undefined}
                        type="checkbox"
                        data-cell={`${r}:${c}`}
                        tabIndex={at[0] === r && at[1] === c ? 0 : -1}
                        aria-label={cellLabel(name, column)}
                        checked={person.checkedIds.includes(column.id)}
                        onFocus={() => setActive([r, c])}
                        onChange={(event) => onToggle(person, column, event.target.checked)}
                      />
                      <FeedbackNote id={noteId} feedback={note} />
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
