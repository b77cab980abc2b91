// Create or rename a team (issue #12): react-hook-form validated by the contract's zod/mini schema
// (src/contracts/team-form.ts), the very schema the server validates with. A refusal (a name taken,
// a stale version) shows next to the field, focus stays in the field after saving, and `currentName`
// follows the team as the server last gave it, so after a stale version the form shows the current one.
import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, type FormEvent } from 'react'
import { useController, useForm } from 'react-hook-form'
import { apiErrorMessage, fieldErrorMessage } from '../../../api/error-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { createTeamBodySchema, type CreateTeamBody } from '../../../contracts/team-form.ts'
import { teamForm as t } from '../../../i18n/fr/backoffice.ts'

export type TeamNameFormProps = {
  /** The saved name (rename); absent, the form creates and empties itself after saving. */
  currentName?: string
  submitLabel: string
  disabled?: boolean
  /** Resolves once saved; rejects with the API error, shown next to the field. */
  onSave: (name: string) => Promise<unknown>
}

export function TeamNameForm({ currentName, submitLabel, disabled = false, onSave }: TeamNameFormProps) {
  const form = useForm<CreateTeamBody>({
    resolver: zodResolver(createTeamBodySchema),
    defaultValues: { name: currentName ?? '' },
    // The team as the server last gave it (after a save, or a stale version's refetch); the error
    // that explains the change stays.
    values: currentName === undefined ? undefined : { name: currentName },
    resetOptions: { keepErrors: true },
  })
  const { errors, isSubmitting } = form.formState
  const {
    field: { value: name, onChange: changeName },
  } = useController({ control: form.control, name: 'name' })
  // Our own ref rather than the field's: focus returns to the field after every save or refusal.
  const inputRef = useRef<HTMLInputElement>(null)

  async function submit({ name }: CreateTeamBody) {
    try {
      await onSave(name)
      if (currentName === undefined) form.reset({ name: '' })
    } catch (error) {
      const message = fieldErrorMessage(error, 'name') ?? apiErrorMessage(error, t.failed)
      form.setError('name', { message })
    }
    focusName()
  }

  function focusName() {
    inputRef.current?.focus()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit(submit, focusName)(event)
  }

  return (
    <form className="team-name-form" onSubmit={handleSubmit} noValidate>
      <TextField
        ref={inputRef}
        label={t.name}
        name="name"
        value={name}
        onChange={changeName}
        error={errors.name?.message ?? null}
        autoComplete="off"
        required
        disabled={disabled}
      />
      <Button type="submit" busy={isSubmitting} disabled={disabled}>
        {submitLabel}
      </Button>
    </form>
  )
}
