// The tag form's composite fields (issue #12 "Tags"): the colour (native picker, hex code and a
// swatch with the label on it, as agents see the tag), a whole number, and the recall delay typed in
// minutes or hours but always sent in minutes.
import { useId, useState, type ReactNode } from 'react'
import { TextField } from '../../../components/ui/text-field.tsx'
import { tagForm as t } from '../../../i18n/fr/backoffice-tags.ts'

const HEX = /^#[\da-f]{6}$/i

function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="text-field__error" role="alert">
      {error}
    </p>
  ) : null
}

export type ColorFieldProps = {
  value: string
  label: string
  onChange: (value: string) => void
  error: string | null
  disabled?: boolean
}

export function TagColorField({ value, label, onChange, error, disabled = false }: ColorFieldProps) {
  const pickerId = useId()
  const valid = HEX.test(value.trim())
  return (
    <fieldset className="tag-color-field">
      <legend>{t.color}</legend>
      <div className="tag-color-field__inputs">
        <span className="tag-color-field__picker">
          <label htmlFor={pickerId}>{t.colorPicker}</label>
          <input
            id={pickerId}
            type="color"
            value={valid ? value.trim().toLowerCase() : '#000000'}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        </span>
        <TextField
          label={t.colorHex}
          name="color"
          value={value}
          onChange={onChange}
          error={error}
          disabled={disabled}
          autoComplete="off"
        />
        {/* A visual preview of the chip; the fields above say the same to assistive technology. */}
        <span className="tag-color-field__sample" aria-hidden="true">
          <span className="tag-swatch" style={{ background: valid ? value.trim() : 'transparent' }} />
          <span className="tag-chip" style={{ borderColor: valid ? value.trim() : undefined }}>
            {label || t.label}
          </span>
        </span>
      </div>
    </fieldset>
  )
}

/** A whole number typed as text: NaN when it is not one (the schema says so in French). */
export function parseWhole(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number.parseInt(text, 10) : Number.NaN
}

export type NumberFieldProps = {
  label: string
  name: string
  value: number
  onChange: (value: number) => void
  error: string | null
  disabled?: boolean
  children?: ReactNode
}

export function NumberField({ label, name, value, onChange, error, disabled = false }: NumberFieldProps) {
  const inputId = useId()
  const errorId = useId()
  const [text, setText] = useState(Number.isNaN(value) ? '' : String(value))
  const shown = parseWhole(text) === value || Number.isNaN(value) ? text : String(value)
  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="text-field__input tag-form__number"
        name={name}
        inputMode="numeric"
        value={shown}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value)
          onChange(parseWhole(event.target.value))
        }}
      />
      <FieldError id={errorId} error={error} />
    </div>
  )
}

type Unit = 'minutes' | 'hours'

export type RecallDelayFieldProps = {
  value: number | null
  onChange: (value: number | null) => void
  error: string | null
  disabled?: boolean
}

/** The delay in minutes or hours; empty means no recall. */
export function RecallDelayField({ value, onChange, error, disabled = false }: RecallDelayFieldProps) {
  const inputId = useId()
  const unitId = useId()
  const errorId = useId()
  const hintId = useId()
  const [unit, setUnit] = useState<Unit>(
    value !== null && value >= 60 && value % 60 === 0 ? 'hours' : 'minutes',
  )
  const factor = unit === 'hours' ? 60 : 1
  const [text, setText] = useState(value === null ? '' : String(value / factor))

  function send(nextText: string, nextUnit: Unit) {
    if (nextText.trim() === '') return onChange(null)
    const amount = parseWhole(nextText)
    onChange(Number.isNaN(amount) ? Number.NaN : amount * (nextUnit === 'hours' ? 60 : 1))
  }

  return (
    <div className="tag-form__delay">
      <div className="text-field">
        <label className="text-field__label" htmlFor={inputId}>
          {t.recallDelay}
        </label>
        <input
          id={inputId}
          className="text-field__input tag-form__number"
          name="recallDelay"
          inputMode="numeric"
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          onChange={(event) => {
            setText(event.target.value)
            send(event.target.value, unit)
          }}
        />
      </div>
      <div className="text-field">
        <label className="text-field__label" htmlFor={unitId}>
          {t.recallUnit}
        </label>
        <select
          id={unitId}
          className="tag-form__select"
          value={unit}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value as Unit
            setUnit(next)
            send(text, next)
          }}
        >
          <option value="minutes">{t.minutes}</option>
          <option value="hours">{t.hours}</option>
        </select>
      </div>
      <p id={hintId} className="tag-form__hint">
        {t.recallDelayHint}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
