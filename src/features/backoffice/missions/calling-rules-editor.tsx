// A mission's calling rules (issue #12, docs/domain.md "Calling rules"): the rule set, and for a
// consent or custom mission its own hours; a custom one also its attempt cap and quiet period.
// Validated by the mission form's schema (src/contracts/mission-form.ts), as on the server.
import { useId } from 'react'
import { CALLING_RULE_KINDS, type CallingRuleKind } from '../../../contracts/calling-rules.ts'
import { callingRulesEditor as t } from '../../../i18n/fr/backoffice-missions.ts'
import { ScheduleFields, type Schedule } from '../schedule-fields.tsx'

export type CallingRulesValue = {
  callingRule: CallingRuleKind
  callingHours: Schedule
  maxCallAttempts: number | null
  quietDays: number | null
}

export type CallingRulesEditorProps = {
  value: CallingRulesValue
  onChange: (value: CallingRulesValue) => void
  errors: Record<string, string | undefined>
  disabled?: boolean
}

function NullableNumber({
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string
  value: number | null
  error: string | undefined
  disabled: boolean
  onChange: (value: number | null) => void
}) {
  const id = useId()
  const errorId = useId()
  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="text-field__input"
        type="number"
        min={1}
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      />
      {error ? (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function CallingRulesEditor({ value, onChange, errors, disabled = false }: CallingRulesEditorProps) {
  const hoursErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('callingHours.'))
      .map(([key, message]) => [key.slice('callingHours.'.length), message]),
  )
  return (
    <fieldset className="calling-rules-editor">
      <legend>{t.legend}</legend>
      {CALLING_RULE_KINDS.map((kind) => (
        <label key={kind} className="calling-rules-editor__kind">
          <input
            type="radio"
            name="callingRule"
            value={kind}
            checked={value.callingRule === kind}
            disabled={disabled}
            onChange={() => onChange({ ...value, callingRule: kind })}
          />
          {t.kinds[kind]}
        </label>
      ))}
      {value.callingRule === 'REGULATED' ? null : (
        <section aria-label={t.ownHours}>
          <h4>{t.ownHours}</h4>
          <ScheduleFields
            value={value.callingHours}
            errors={hoursErrors}
            disabled={disabled}
            onChange={(callingHours) => onChange({ ...value, callingHours })}
          />
        </section>
      )}
      {value.callingRule === 'CUSTOM' ? (
        <div className="calling-rules-editor__caps">
          <NullableNumber
            label={t.maxAttempts}
            value={value.maxCallAttempts}
            error={errors.maxCallAttempts}
            disabled={disabled}
            onChange={(maxCallAttempts) => onChange({ ...value, maxCallAttempts })}
          />
          <NullableNumber
            label={t.quietDays}
            value={value.quietDays}
            error={errors.quietDays}
            disabled={disabled}
            onChange={(quietDays) => onChange({ ...value, quietDays })}
          />
        </div>
      ) : null}
    </fieldset>
  )
}
