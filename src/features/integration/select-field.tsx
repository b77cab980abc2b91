// A labelled select of the integration screens: the label names the select alone (for="…"), so its
// accessible name is the label's text, not the options'.
import { useId, type ReactNode } from 'react'

export type SelectFieldProps = {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  children: ReactNode
}

export function SelectField({ label, name, value, onChange, disabled, children }: SelectFieldProps) {
  const id = useId()
  return (
    <div className="integration__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  )
}
