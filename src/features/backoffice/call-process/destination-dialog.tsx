// Removing a step that leads are at (issue #12, docs/domain.md "Call processes"): where do they go?
// A select of the remaining steps, numbered as they will be; the move happens on save (`reassign`).
import { useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Modal } from '../../../components/ui/modal.tsx'
import { callProcessEditor as t } from '../../../i18n/fr/backoffice-call-process.ts'
import { FieldError } from './field-error.tsx'

export type DestinationChoice = { key: string; number: number; title: string }

export type DestinationRequest = {
  /** The step's number now. */
  number: number
  leads: number
  /** The other steps, numbered as after the removal. */
  choices: readonly DestinationChoice[]
}

export type DestinationDialogProps = {
  request: DestinationRequest | null
  onConfirm: (destinationKey: string) => void
  onCancel: () => void
}

export function DestinationDialog({ request, onConfirm, onCancel }: DestinationDialogProps) {
  return (
    <Modal open={request !== null} onClose={onCancel} title={t.reassignTitle} size="sm">
      {request ? <DestinationForm request={request} onConfirm={onConfirm} onCancel={onCancel} /> : null}
    </Modal>
  )
}

function DestinationForm({
  request,
  onConfirm,
  onCancel,
}: {
  request: DestinationRequest
  onConfirm: (destinationKey: string) => void
  onCancel: () => void
}) {
  const [destination, setDestination] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const selectRef = useRef<HTMLSelectElement>(null)
  const selectId = useId()
  const errorId = useId()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!destination) {
      setError(t.reassignRequired)
      selectRef.current?.focus()
      return
    }
    onConfirm(destination)
  }

  return (
    <form className="call-process-dialog" onSubmit={handleSubmit} noValidate>
      <p>{t.reassignText(request.number, request.leads)}</p>
      <div className="call-process-field">
        <label htmlFor={selectId}>{t.destination}</label>
        <select
          ref={selectRef}
          id={selectId}
          value={destination}
          onChange={(event) => {
            setDestination(event.target.value)
            setError(undefined)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <option value="">{t.chooseDestination}</option>
          {request.choices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {t.goTo(choice.number, choice.title)}
            </option>
          ))}
        </select>
        <FieldError id={errorId} message={error} />
      </div>
      <div className="call-process-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="danger">
          {t.reassignConfirm}
        </Button>
      </div>
    </form>
  )
}
