// Create or edit a user (issue #12 "Users"): react-hook-form validated by the contract's zod/mini
// schema (src/contracts/user-form.ts), the very schema the server validates with. A refusal shows next
// to its field (an e-mail in use) or above the form (a stale version), focus stays in the form after
// saving, and `current` follows the user as the server last gave them, so after a stale version the
// form shows the current values.
import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, type FormEvent } from 'react'
import { useController, useForm, type Control } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../../api/client.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { adminUserQueries } from '../../../api/user-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ROLES } from '../../../contracts/roles.ts'
import type { AdminUser } from '../../../contracts/user-admin.ts'
import { userFormSchema, type UserFormValues } from '../../../contracts/user-form.ts'
import { roles } from '../../../i18n/fr/roles.ts'
import { userForm as t } from '../../../i18n/fr/backoffice-users.ts'

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'teamIds'] as const

function valuesOf(user: AdminUser | undefined): UserFormValues {
  return user
    ? {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        teamIds: user.teamIds,
      }
    : { firstName: '', lastName: '', email: '', role: 'TELEOPERATOR', teamIds: [] }
}

function Field({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  inputRef,
}: {
  control: Control<UserFormValues>
  name: 'firstName' | 'lastName' | 'email'
  label: string
  type?: 'text' | 'email'
  autoComplete: string
  inputRef?: React.Ref<HTMLInputElement>
}) {
  const { field, fieldState } = useController({ control, name })
  return (
    <TextField
      ref={inputRef}
      label={label}
      name={name}
      type={type}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message ?? null}
      autoComplete={autoComplete}
      required
    />
  )
}

export type UserEditorProps = {
  /** The user as the server last gave them (edit); absent, the form creates. */
  current?: AdminUser
  /** Resolves once saved; rejects with the API error, shown in place. */
  onSave: (values: UserFormValues) => Promise<unknown>
  onCancel?: () => void
}

export function UserEditor({ current, onSave, onCancel }: UserEditorProps) {
  const teams = useQuery(adminUserQueries.teamChoices())
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: valuesOf(current),
    values: current ? valuesOf(current) : undefined,
    resetOptions: { keepErrors: true },
  })
  const { errors, isSubmitting } = form.formState
  const role = useController({ control: form.control, name: 'role' })
  const teamIds = useController({ control: form.control, name: 'teamIds' })
  const firstRef = useRef<HTMLInputElement>(null)

  async function submit(values: UserFormValues) {
    try {
      await onSave(values)
      if (!current) form.reset(valuesOf(undefined))
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {}
      const placed = FIELDS.filter((field) => fields[field])
      for (const field of placed) form.setError(field, { message: fields[field] })
      if (placed.length === 0) form.setError('root', { message: apiErrorMessage(error, t.failed) })
    }
    firstRef.current?.focus()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    form.clearErrors('root')
    void form.handleSubmit(submit, () => firstRef.current?.focus())(event)
  }

  const choices = teams.data ?? []
  return (
    <form className="user-form" onSubmit={handleSubmit} noValidate>
      {errors.root?.message ? (
        <p className="user-form__error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="user-form__row">
        <Field
          control={form.control}
          name="firstName"
          label={t.firstName}
          autoComplete="off"
          inputRef={firstRef}
        />
        <Field control={form.control} name="lastName" label={t.lastName} autoComplete="off" />
      </div>
      <Field control={form.control} name="email" label={t.email} type="email" autoComplete="off" />
      <label className="user-form__select">
        <span>{t.role}</span>
        <select
          name="role"
          value={role.field.value}
          onChange={(event) => role.field.onChange(event.target.value)}
          aria-invalid={errors.role ? true : undefined}
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {roles[value]}
            </option>
          ))}
        </select>
        {errors.role?.message ? <span className="user-form__field-error">{errors.role.message}</span> : null}
      </label>
      <fieldset className="user-form__teams">
        <legend>{t.teams}</legend>
        {choices.length === 0 ? <p>{t.noTeams}</p> : null}
        {choices.map((team) => (
          <label key={team.id}>
            <input
              type="checkbox"
              checked={teamIds.field.value.includes(team.id)}
              onChange={(event) =>
                teamIds.field.onChange(
                  event.target.checked
                    ? [...teamIds.field.value, team.id]
                    : teamIds.field.value.filter((id) => id !== team.id),
                )
              }
            />
            {team.name}
          </label>
        ))}
        {errors.teamIds?.message ? <p className="user-form__field-error">{errors.teamIds.message}</p> : null}
      </fieldset>
      {current ? null : <p className="user-form__hint">{t.welcomeHint}</p>}
      <div className="user-form__actions">
        <Button type="submit" busy={isSubmitting}>
          {current ? t.save : t.create}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
