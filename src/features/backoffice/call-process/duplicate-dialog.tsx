// "Dupliquer" (issue #12): asks the copy's name, validated with the contract's schema; a refusal (a
// name taken) shows next to the field and focus stays in it.
import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import * as z from 'zod/mini'
import { callProcessMutations } from '../../../api/call-processes.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../../api/error-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Modal } from '../../../components/ui/modal.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../contracts/app-paths.ts'
import { duplicateCallProcessBodySchema } from '../../../contracts/call-process-form.ts'
import type { CallProcessSummary } from '../../../contracts/call-processes.ts'
import { callProcessList as t } from '../../../i18n/fr/backoffice-call-process.ts'
import { notify } from '../../../stores/notifications.ts'

export type DuplicateDialogProps = { process: CallProcessSummary | null; onClose: () => void }

export function DuplicateDialog({ process, onClose }: DuplicateDialogProps) {
  return (
    <Modal open={process !== null} onClose={onClose} title={t.duplicateTitle} size="sm">
      {process ? <DuplicateForm key={process.id} process={process} onClose={onClose} /> : null}
    </Modal>
  )
}

function DuplicateForm({ process, onClose }: { process: CallProcessSummary; onClose: () => void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const duplicate = useMutation(callProcessMutations.duplicate(queryClient))
  const [name, setName] = useState(t.duplicateDefault(process.name))
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = z.safeParse(duplicateCallProcessBodySchema, { name })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t.duplicateFailed)
      inputRef.current?.focus()
      return
    }
    duplicate.mutateAsync({ id: process.id, name: parsed.data.name }).then(
      (copy) => {
        notify({ kind: 'success', message: t.duplicated(copy.name) })
        onClose()
        void navigate(paths.backofficeCallProcess(copy.id))
      },
      (failure: unknown) => {
        setError(fieldErrorMessage(failure, 'name') ?? apiErrorMessage(failure, t.duplicateFailed))
        inputRef.current?.focus()
      },
    )
  }

  return (
    <form className="call-process-dialog" onSubmit={handleSubmit} noValidate>
      <p>{t.duplicateText(process.name)}</p>
      <TextField
        ref={inputRef}
        label={t.duplicateName}
        name="duplicateName"
        value={name}
        onChange={(value) => {
          setName(value)
          setError(null)
        }}
        error={error}
        autoComplete="off"
        required
      />
      <div className="call-process-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" busy={duplicate.isPending}>
          {t.duplicateConfirm}
        </Button>
      </div>
    </form>
  )
}
