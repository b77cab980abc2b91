// The users of one mission (issue #12 "Assignments"): search, pages, and "Retirer" confirmed first
// (a lead the user holds stays theirs until tagged, the dialog says so). Focus goes back to the
// search after a removal, since the row it came from is gone.
import { useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { assignmentMutations, assignmentQueries } from '../../api/assignments.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import type { AssignmentMission, AssignmentPerson } from '../../contracts/assignments.ts'
import { roles } from '../../i18n/fr/roles.ts'
import { assignmentGrid, missionAssignments as t } from '../../i18n/fr/assignments.ts'
import { notify } from '../../stores/notifications.ts'
import { fullName } from './assignment-grid.tsx'
import { GRID_PAGE_SIZE } from './grid-params.ts'
import { GridPages } from './grid-toolbar.tsx'

export type AssignedUserListProps = { mission: AssignmentMission }

export function AssignedUserList({ mission }: AssignedUserListProps) {
  const queryClient = useQueryClient()
  const searchRef = useRef<HTMLInputElement>(null)
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const list = useQuery(
    assignmentQueries.mission(mission.id, { search: search.trim(), page, pageSize: GRID_PAGE_SIZE }),
  )
  const remove = useMutation(assignmentMutations.unassignUsers(queryClient))
  const [removing, setRemoving] = useState<AssignmentPerson | null>(null)

  function handleRemove() {
    if (!removing) return
    const name = fullName(removing)
    remove.mutate(
      { missionId: mission.id, userIds: [removing.id] },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: t.removed(name) })
          searchRef.current?.focus()
        },
        onSettled: () => setRemoving(null),
      },
    )
  }

  const data = list.data
  return (
    <section className="assigned-users" aria-labelledby="assigned-users-title">
      <h2 id="assigned-users-title">{t.assignedTitle}</h2>
      <TextField
        ref={searchRef}
        type="search"
        label={t.search}
        name="assignedSearch"
        value={search}
        onChange={(value) => {
          setSearch(value)
          setPage(1)
        }}
        autoComplete="off"
      />
      {data === undefined ? (
        <p role="status">{assignmentGrid.loading}</p>
      ) : data.items.length === 0 ? (
        <p className="assignments-screen__empty">{search.trim() ? t.emptySearch : t.empty}</p>
      ) : (
        <>
          <ul className="assigned-users__list">
            {data.items.map((user) => (
              <li key={user.id}>
                <span className="assigned-users__who">
                  <strong>{fullName(user)}</strong>
                  <span>
                    {roles[user.role]} · {user.email}
                    {user.status === 'INACTIVE' ? ` · ${assignmentGrid.inactive}` : ''}
                  </span>
                </span>
                <Button variant="secondary" onClick={() => setRemoving(user)}>
                  {t.remove(fullName(user))}
                </Button>
              </li>
            ))}
          </ul>
          <GridPages total={data.total} page={page} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        message={removing ? t.removeText(fullName(removing), mission.name) : ''}
        confirmLabel={t.removeConfirm}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        onConfirm={handleRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  )
}
