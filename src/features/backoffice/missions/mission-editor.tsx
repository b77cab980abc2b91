// Create or edit a mission (issue #12 "Missions"): react-hook-form validated by the contract's
// zod/mini schema (src/contracts/mission-form.ts), the very schema the server validates with. A
// refusal shows next to its field (the server's `fields`) or above the buttons (a name taken, a stale
// version); after a stale version `mission` is the mission as it now is and the form shows it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Controller, useForm, useWatch, type Path } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../../api/client.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { missionQueries } from '../../../api/missions.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { DEFAULT_OWN_HOURS } from '../../../contracts/calling-rules.ts'
import {
  AUTO_CALL_DELAY_MAX,
  AUTO_CALL_DELAY_MIN,
  missionFormSchema,
  type MissionFormValues,
} from '../../../contracts/mission-form.ts'
import type { Mission } from '../../../contracts/missions.ts'
import { missionForm as t } from '../../../i18n/fr/backoffice-missions.ts'
import { flattenErrors } from '../schedule-fields.tsx'
import { CallingRulesEditor } from './calling-rules-editor.tsx'
import { ColorField } from './color-field.tsx'

export type MissionEditorProps = {
  /** The saved mission (edit); absent, the form creates one. */
  mission?: Mission
  /** A new mission's duration: the configuration's default. */
  defaultDuration: number
  disabled?: boolean
  /** Resolves once saved; rejects with the API error, shown in place. */
  onSave: (values: MissionFormValues) => Promise<unknown>
}

function valuesOf(mission: Mission): MissionFormValues {
  return {
    name: mission.name,
    color: mission.color,
    leadProcessingDurationDays: mission.leadProcessingDurationDays,
    callProcessId: mission.callProcess?.id ?? null,
    callingRule: mission.callingRule,
    callingHours: mission.callingHours as MissionFormValues['callingHours'],
    maxCallAttempts: mission.maxCallAttempts,
    quietDays: mission.quietDays,
    autoCallDelaySeconds: mission.autoCallDelaySeconds,
  }
}

function emptyValues(defaultDuration: number): MissionFormValues {
  return {
    name: '',
    color: '#1d4ed8',
    leadProcessingDurationDays: defaultDuration,
    callProcessId: null,
    callingRule: 'REGULATED',
    callingHours: DEFAULT_OWN_HOURS as MissionFormValues['callingHours'],
    maxCallAttempts: null,
    quietDays: null,
    autoCallDelaySeconds: null,
  }
}

export function MissionEditor({ mission, defaultDuration, disabled = false, onSave }: MissionEditorProps) {
  const form = useForm<MissionFormValues>({
    resolver: zodResolver(missionFormSchema),
    defaultValues: mission ? valuesOf(mission) : emptyValues(defaultDuration),
    values: mission ? valuesOf(mission) : undefined,
    resetOptions: { keepErrors: true },
  })
  const processes = useQuery(missionQueries.callProcessChoices())
  const [refusal, setRefusal] = useState<string | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const processId = useId()
  const errors = flattenErrors(form.formState.errors)
  const [callingRule, callingHours, maxCallAttempts, quietDays] = useWatch({
    control: form.control,
    name: ['callingRule', 'callingHours', 'maxCallAttempts', 'quietDays'],
  })

  async function submit(values: MissionFormValues) {
    setRefusal(null)
    try {
      await onSave(values)
      if (!mission) form.reset(emptyValues(defaultDuration))
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined
      if (fields && Object.keys(fields).length > 0)
        for (const [path, message] of Object.entries(fields))
          form.setError(path as Path<MissionFormValues>, { message })
      else setRefusal(apiErrorMessage(error, t.failed))
    }
    nameRef.current?.focus()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit(submit, () => setRefusal(null))(event)
  }

  const choices = processes.data?.items ?? []
  const current = mission?.callProcess
  return (
    <form className="mission-form" onSubmit={handleSubmit} noValidate>
      <Controller
        control={form.control}
        name="name"
        render={({ field }) => (
          <TextField
            ref={nameRef}
            label={t.name}
            name="name"
            value={field.value}
            onChange={field.onChange}
            error={errors.name ?? null}
            required
            disabled={disabled}
            autoComplete="off"
          />
        )}
      />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <ColorField
            value={field.value}
            onChange={field.onChange}
            error={errors.color ?? null}
            disabled={disabled}
          />
        )}
      />
      <Controller
        control={form.control}
        name="leadProcessingDurationDays"
        render={({ field }) => (
          <div className="text-field">
            <TextField
              label={t.duration}
              name="leadProcessingDurationDays"
              value={Number.isNaN(field.value) ? '' : String(field.value)}
              onChange={(text) => field.onChange(text.trim() === '' ? Number.NaN : Number(text))}
              error={errors.leadProcessingDurationDays ?? null}
              disabled={disabled}
            />
            <p className="mission-form__hint">{t.durationHint(defaultDuration)}</p>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="callProcessId"
        render={({ field }) => (
          <div className="text-field">
            <label className="text-field__label" htmlFor={processId}>
              {t.callProcess}
            </label>
            <select
              id={processId}
              className="text-field__input"
              value={field.value ?? ''}
              disabled={disabled}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? null : Number(event.target.value))
              }
            >
              <option value="">{t.noCallProcess}</option>
              {current && !choices.some((choice) => choice.id === current.id) ? (
                <option value={current.id}>{t.archivedCallProcess(current.name)}</option>
              ) : null}
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
            {errors.callProcessId ? <p className="text-field__error">{errors.callProcessId}</p> : null}
          </div>
        )}
      />
      <CallingRulesEditor
        value={{ callingRule, callingHours, maxCallAttempts, quietDays }}
        errors={errors}
        disabled={disabled}
        onChange={(rules) => {
          for (const [key, value] of Object.entries(rules))
            form.setValue(key as keyof typeof rules, value as never, { shouldDirty: true })
        }}
      />
      <Controller
        control={form.control}
        name="autoCallDelaySeconds"
        render={({ field }) => (
          <div className="text-field">
            <TextField
              label={t.autoCall}
              name="autoCallDelaySeconds"
              value={
                field.value === null || field.value === undefined || Number.isNaN(field.value)
                  ? ''
                  : String(field.value)
              }
              onChange={(text) => field.onChange(text.trim() === '' ? null : Number(text))}
              error={errors.autoCallDelaySeconds ?? null}
              disabled={disabled}
            />
            <p className="mission-form__hint">{t.autoCallHint(AUTO_CALL_DELAY_MIN, AUTO_CALL_DELAY_MAX)}</p>
          </div>
        )}
      />
      {refusal ? (
        <p role="alert" className="mission-form__refusal">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" busy={form.formState.isSubmitting} disabled={disabled}>
        {mission ? t.save : t.create}
      </Button>
    </form>
  )
}
