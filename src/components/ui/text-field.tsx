// Labelled text input with its error message wired for assistive technology.
import { useId, type ChangeEvent, type Ref } from 'react'
import './text-field.css'

export type TextFieldProps = {
  label: string
  name: string
  type?: 'text' | 'email' | 'password' | 'search' | 'tel'
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  /** Shown under the input; marks it invalid. */
  error?: string | null
  autoComplete?: string
  required?: boolean
  disabled?: boolean
  ref?: Ref<HTMLInputElement>
}

export function TextField({
  label,
  name,
  type = 'text',
  value,
  defaultValue,
  onChange,
  error,
  autoComplete,
  required = false,
  disabled = false,
  ref,
}: TextFieldProps) {
  const inputId = useId()
  const errorId = useId()

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange?.(event.target.value)
  }

  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="text-field__input"
        name={name}
        type={type}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange ? handleChange : undefined}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="text-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
