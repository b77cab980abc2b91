// "Ajouter des utilisateurs" (issue #12 "Assignments"): search the active users not yet on the
// mission (those the reader may assign), tick several, add them in one change; the search keeps
// focus for the next ones.
import { useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { assignmentMutations, assignmentQueries } from '../../api/assignments.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { roles } from '../../i18n/fr/roles.ts'
import { missionAssignments as t } from '../../i18n/fr/assignments.ts'
import { notify } from '../../stores/notifications.ts'
import { fullName } from './assignment-grid.tsx'

const SHOWN = 8

export type MissionUserPickerProps = { missionId: number; disabled: boolean }

export function MissionUserPicker({ missionId, disabled }: MissionUserPickerProps) {
  const queryClient = useQueryClient()
  const searchRef = useRef<HTMLInputElement>(null)
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const term = search.trim()
  const candidates = useQuery({
    ...assignmentQueries.mission(missionId, { assigned: false, search: term, pageSize: SHOWN }),
    enabled: term.length > 0 && !disabled,
  })
  const add = useMutation(assignmentMutations.assignUsers(queryClient))
  const found = term ? (candidates.data?.items ?? []) : []

  function handleSelect(userId: number, on: boolean) {
    const next = new Set(selected)
    if (on) next.add(userId)
    else next.delete(userId)
    setSelected(next)
  }

  function handleAdd() {
    add.mutate(
      { missionId, userIds: [...selected] },
      {
        onSuccess: (change) => {
          notify({ kind: 'success', message: t.added(change.changedUserIds.length) })
          setSelected(new Set())
          searchRef.current?.focus()
        },
      },
    )
  }

  return (
    <section className="mission-picker" aria-labelledby="mission-picker-title">
      <h2 id="mission-picker-title">{t.addUsersTitle}</h2>
      <TextField
        ref={searchRef}
        type="search"
        label={t.addSearch}
        name="candidateSearch"
        value={search}
        onChange={setSearch}
        autoComplete="off"
        disabled={disabled}
      />
      {term === '' ? (
        <p className="mission-picker__hint">{t.addHint}</p>
      ) : candidates.data === undefined ? null : found.length === 0 ? (
        <p role="status">{t.addNone}</p>
      ) : (
        <ul className="mission-picker__results" aria-label={t.addUsersTitle}>
          {found.map((user) => (
            <li key={user.id}>
              <label>
                <input
                  type="checkbox"
                  checked={selected.has(user.id)}
                  onChange={(event) => handleSelect(user.id, event.target.checked)}
                  aria-label={t.select(fullName(user))}
                />
                <span>
                  {fullName(user)} <span className="mission-picker__meta">{roles[user.role]}</span>
                </span>
              </label>
            </li>
          ))}
          {candidates.data.total > found.length ? (
            <li role="status">{t.addMore(candidates.data.total - found.length)}</li>
          ) : null}
        </ul>
      )}
      <Button disabled={selected.size === 0 || disabled} busy={add.isPending} onClick={handleAdd}>
        {t.addSelected(selected.size)}
      </Button>
    </section>
  )
}
