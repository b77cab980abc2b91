// Bulk actions on the selected users (issue #12 "Users"): deactivate (confirmed first), add to a team,
// assign to a mission; one request for the whole selection (POST /api/users/bulk), whose answer says
// how many users changed.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminUserMutations, adminUserQueries, type NamedChoice } from '../../../api/user-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { BulkAction, BulkUsersBody } from '../../../contracts/user-admin.ts'
import { bulkActions as t } from '../../../i18n/fr/backoffice-users.ts'
import { notify } from '../../../stores/notifications.ts'

export type BulkActionsProps = { userIds: number[]; onDone: () => void; onClear: () => void }

function TargetSelect(props: {
  label: string
  placeholder: string
  choices: NamedChoice[] | undefined
  value: number | null
  onChange: (id: number | null) => void
}) {
  return (
    <label className="bulk-actions__field">
      <span>{props.label}</span>
      <select
        value={props.value === null ? '' : String(props.value)}
        onChange={(event) => props.onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{props.placeholder}</option>
        {(props.choices ?? []).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  )
}

export function BulkActions({ userIds, onDone, onClear }: BulkActionsProps) {
  const queryClient = useQueryClient()
  const bulk = useMutation(adminUserMutations.bulk(queryClient))
  const teams = useQuery(adminUserQueries.teamChoices())
  const missions = useQuery(adminUserQueries.missionChoices())
  const [action, setAction] = useState<BulkAction | ''>('')
  const [targetId, setTargetId] = useState<number | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  function body(): BulkUsersBody | null {
    if (action === 'deactivate') return { action, userIds }
    if (targetId === null) return null
    if (action === 'add-to-team') return { action, userIds, teamId: targetId }
    if (action === 'assign-to-mission') return { action, userIds, missionId: targetId }
    return null
  }

  function send(request: BulkUsersBody) {
    bulk.mutate(request, {
      onSuccess: ({ changed, unchanged }) => {
        notify({ kind: 'success', message: t.done(changed, unchanged) })
        setAction('')
        setTargetId(null)
        onDone()
      },
      onSettled: () => setConfirming(false),
    })
  }

  function apply() {
    const request = body()
    if (!request) return setProblem(t.missingTarget)
    setProblem(null)
    if (request.action === 'deactivate') setConfirming(true)
    else send(request)
  }

  return (
    <section className="bulk-actions" aria-label={t.label}>
      <p className="bulk-actions__count" aria-live="polite">
        {t.selected(userIds.length)}
      </p>
      <label className="bulk-actions__field">
        <span>{t.action}</span>
        <select
          value={action}
          onChange={(event) => {
            setAction(event.target.value as BulkAction | '')
            setTargetId(null)
            setProblem(null)
          }}
        >
          <option value="">{t.choose}</option>
          <option value="deactivate">{t.deactivate}</option>
          <option value="add-to-team">{t.addToTeam}</option>
          <option value="assign-to-mission">{t.assignToMission}</option>
        </select>
      </label>
      {action === 'add-to-team' ? (
        <TargetSelect
          label={t.team}
          placeholder={t.chooseTeam}
          choices={teams.data}
          value={targetId}
          onChange={setTargetId}
        />
      ) : null}
      {action === 'assign-to-mission' ? (
        <TargetSelect
          label={t.mission}
          placeholder={t.chooseMission}
          choices={missions.data}
          value={targetId}
          onChange={setTargetId}
        />
      ) : null}
      <Button disabled={action === ''} busy={bulk.isPending && !confirming} onClick={apply}>
        {t.apply}
      </Button>
      <Button variant="secondary" onClick={onClear}>
        {t.clear}
      </Button>
      {problem ? (
        <p className="bulk-actions__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        message={t.confirmText(userIds.length)}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        busy={bulk.isPending}
        onConfirm={() => send({ action: 'deactivate', userIds })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
