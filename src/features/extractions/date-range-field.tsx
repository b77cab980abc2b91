// Two dates (whole days, both included) in a fieldset; either may be left empty.
import type { ExtractionDateRange } from '../../contracts/extractions.ts'
import { extractionsScreen as t } from '../../i18n/fr/extractions.ts'

export type DateRangeFieldProps = {
  legend: string
  name: string
  value: ExtractionDateRange
  onChange: (value: ExtractionDateRange) => void
}

export function DateRangeField({ legend, name, value, onChange }: DateRangeFieldProps) {
  return (
    <fieldset className="extractions__group extractions__dates">
      <legend>{legend}</legend>
      <label>
        {t.from}
        <input
          type="date"
          name={`${name}From`}
          value={value.from ?? ''}
          onChange={(event) => onChange({ ...value, from: event.target.value || undefined })}
        />
      </label>
      <label>
        {t.to}
        <input
          type="date"
          name={`${name}To`}
          value={value.to ?? ''}
          onChange={(event) => onChange({ ...value, to: event.target.value || undefined })}
        />
      </label>
    </fieldset>
  )
}
