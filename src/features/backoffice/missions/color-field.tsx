// The mission colour (issue #12): the native colour picker and the hex field edit one value; the
// contrast with white text is shown live, in words, with the same function the server checks with
// (src/contracts/color-contrast.ts), and a sample of white text on the colour.
import { useId } from 'react'
import {
  contrastWithWhite,
  formatRatio,
  HEX_COLOR_PATTERN,
  MIN_CONTRAST_WITH_WHITE,
} from '../../../contracts/color-contrast.ts'
import { TextField } from '../../../components/ui/text-field.tsx'
import { missionForm as t } from '../../../i18n/fr/backoffice-missions.ts'

export type ColorFieldProps = {
  value: string
  onChange: (value: string) => void
  error: string | null
  disabled?: boolean
}

export function ColorField({ value, onChange, error, disabled = false }: ColorFieldProps) {
  const pickerId = useId()
  const statusId = useId()
  const ratio = contrastWithWhite(value.trim())
  const valid = HEX_COLOR_PATTERN.test(value.trim())
  return (
    <fieldset className="color-field" aria-describedby={statusId}>
      <legend>{t.color}</legend>
      <div className="color-field__inputs">
        <span className="color-field__picker">
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
        <span
          className="color-field__sample"
          style={{ background: valid ? value.trim() : 'transparent' }}
          aria-hidden="true"
        >
          {t.colorSample}
        </span>
      </div>
      <p id={statusId} className="color-field__status" aria-live="polite">
        {ratio === null
          ? t.contrastUnknown
          : t.contrast(formatRatio(ratio), ratio >= MIN_CONTRAST_WITH_WHITE)}
      </p>
    </fieldset>
  )
}
