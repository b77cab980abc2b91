// Create or edit a tag (issue #12 "Tags"): react-hook-form validated by the contract's zod/mini
// schema (src/contracts/tag-form.ts), the very schema the server validates with. A refusal shows
// next to its field (a label taken, a stale version above the form), focus returns to the label
// after saving, and `current` follows the tag as the server last gave it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useRef, type FormEvent } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { ApiError } from '../../../api/client.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { LEAD_STATUSES, LEAD_SUBSTATUSES, type LeadStatus } from '../../../contracts/lead-statuses.ts'
import { TAG_DEFAULT_COLOR, tagFieldsSchema, type TagFields } from '../../../contracts/tag-form.ts'
import { substatuses, tagEffectsInWords, tagForm as t } from '../../../i18n/fr/backoffice-tags.ts'
import { leads } from '../../../i18n/fr/leads.ts'
import { NumberField, RecallDelayField, TagColorField } from './tag-form-fields.tsx'

export const EMPTY_TAG: TagFields = {
  label: '',
  color: TAG_DEFAULT_COLOR,
  // Issue #31: a new tag changes nothing until the administrator chooses its effects.
  status: null,
  substatus: null,
  endsProcessing: false,
  requiresAppointment: false,
  asksRecallDate: false,
  withoutCall: false,
  recallDelayMinutes: null,
  experiencePoints: 0,
}

const FIELD_NAMES = Object.keys(EMPTY_TAG) as (keyof TagFields)[]

export type TagEditorProps = {
  /** The saved tag's fields (edit); absent, the form creates a tag. */
  current?: TagFields
  submitLabel: string
  disabled?: boolean
  /** Resolves once saved; rejects with the API error, shown next to its fields. */
  onSave: (fields: TagFields) => Promise<unknown>
}

const CHECKBOXES = ['endsProcessing', 'requiresAppointment', 'asksRecallDate', 'withoutCall'] as const

export function TagEditor({ current, submitLabel, disabled = false, onSave }: TagEditorProps) {
  const form = useForm<TagFields>({
    resolver: zodResolver(tagFieldsSchema),
    defaultValues: current ?? EMPTY_TAG,
    // The tag as the server last gave it (after a save, or a stale version's refetch); the error
    // that explains the change stays.
    values: current,
    resetOptions: { keepErrors: true },
  })
  const { errors, isSubmitting } = form.formState
  const labelRef = useRef<HTMLInputElement>(null)
  const statusId = useId()
  const substatusId = useId()
  const label = useWatch({ control: form.control, name: 'label' })
  const chosen = useWatch({ control: form.control })
  const summary = tagEffectsInWords({
    status: chosen.status ? leads.statuses[chosen.status] : null,
    endsProcessing: chosen.endsProcessing ?? false,
    requiresAppointment: chosen.requiresAppointment ?? false,
    asksRecallDate: chosen.asksRecallDate ?? false,
    withoutCall: chosen.withoutCall ?? false,
    recallDelayMinutes: chosen.recallDelayMinutes ?? null,
  })
  const summaryId = useId()

  async function submit(fields: TagFields) {
    try {
      await onSave(fields)
    } catch (error) {
      const refused = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {}
      const known = FIELD_NAMES.filter((name) => refused[name])
      for (const name of known) form.setError(name, { message: refused[name] })
      if (known.length === 0) form.setError('root', { message: apiErrorMessage(error, t.failed) })
    }
    labelRef.current?.focus()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit(submit, () => labelRef.current?.focus())(event)
  }

  return (
    <form className="tag-form" onSubmit={handleSubmit} noValidate>
      {errors.root?.message ? (
        <p className="tag-form__refusal" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Controller
        control={form.control}
        name="label"
        render={({ field }) => (
          <TextField
            ref={labelRef}
            label={t.label}
            name="label"
            value={field.value}
            onChange={field.onChange}
            error={errors.label?.message ?? null}
            autoComplete="off"
            required
            disabled={disabled}
          />
        )}
      />
      {current ? <p className="tag-form__hint">{t.renameNotice}</p> : null}
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <TagColorField
            value={field.value}
            label={label}
            onChange={field.onChange}
            error={errors.color?.message ?? null}
            disabled={disabled}
          />
        )}
      />
      <div className="tag-form__row">
        <div className="text-field">
          <label className="text-field__label" htmlFor={statusId}>
            {t.status}
          </label>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <select
                id={statusId}
                className="tag-form__select"
                disabled={disabled}
                value={field.value ?? ''}
                onChange={(event) => {
                  const next = event.target.value === '' ? null : (event.target.value as LeadStatus)
                  field.onChange(next)
                  // A substatus goes with a status: « Inchangé » keeps the lead's own.
                  if (next === null) form.setValue('substatus', null)
                }}
              >
                <option value="">{t.unchangedStatus}</option>
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {leads.statuses[status]}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <div className="text-field">
          <label className="text-field__label" htmlFor={substatusId}>
            {t.substatus}
          </label>
          <Controller
            control={form.control}
            name="substatus"
            render={({ field }) => (
              <select
                id={substatusId}
                className="tag-form__select"
                disabled={disabled || chosen.status == null}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
              >
                <option value="">{t.noSubstatus}</option>
                {LEAD_SUBSTATUSES.map((substatus) => (
                  <option key={substatus} value={substatus}>
                    {substatuses[substatus]}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
      </div>
      <fieldset className="tag-form__effects">
        <legend>{t.effects}</legend>
        {CHECKBOXES.map((name) => (
          <label key={name} className="tag-form__check">
            <input type="checkbox" disabled={disabled} {...form.register(name)} />
            {t[name]}
          </label>
        ))}
      </fieldset>
      <div className="tag-form__row">
        <Controller
          control={form.control}
          name="recallDelayMinutes"
          render={({ field }) => (
            <RecallDelayField
              // Its text follows the saved value when the server gives a new one.
              key={String(current?.recallDelayMinutes)}
              value={field.value}
              onChange={field.onChange}
              error={errors.recallDelayMinutes?.message ?? null}
              disabled={disabled}
            />
          )}
        />
        <Controller
          control={form.control}
          name="experiencePoints"
          render={({ field }) => (
            <NumberField
              label={t.experiencePoints}
              name="experiencePoints"
              value={field.value}
              onChange={field.onChange}
              error={errors.experiencePoints?.message ?? null}
              disabled={disabled}
            />
          )}
        />
      </div>
      <section className="tag-form__summary" aria-labelledby={summaryId} aria-live="polite">
        <h4 id={summaryId}>{t.summaryTitle}</h4>
        <ul>
          {summary.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </section>
      <div>
        <Button type="submit" busy={isSubmitting} disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
