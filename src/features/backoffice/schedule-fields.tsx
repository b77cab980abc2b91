// Weekdays, periods (HH:MM, Paris time) and public holidays: the calling rules editor of a mission
// and the appointment hours of the configuration (issue #12). Controlled; minutes after midnight in
// the value, as the contracts hold them. A time that cannot be read is sent as -1, which the shared
// schema refuses with its French message next to the field.
import { useId, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { PERIODS_MAX } from '../../contracts/mission-form.ts'
import { scheduleFields as t } from '../../i18n/fr/backoffice-missions.ts'
import './schedule-fields.css'

export type Schedule = { days: number[]; periods: [number, number][]; holidays: boolean }

export type ScheduleFieldsProps = {
  value: Schedule
  onChange: (value: Schedule) => void
  /** Messages by path: "days", "periods", "periods.0"… */
  errors: Record<string, string | undefined>
  disabled?: boolean
}

export function timeOf(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) return ''
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

export function minutesOf(text: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim())
  if (!match) return -1
  const [hours, minutes] = [Number(match[1]), Number(match[2])]
  return minutes < 60 && hours * 60 + minutes <= 24 * 60 ? hours * 60 + minutes : -1
}

function TimeInput({
  label,
  minutes,
  onChange,
  disabled,
}: {
  label: string
  minutes: number
  onChange: (m: number) => void
  disabled: boolean
}) {
  const id = useId()
  // Own text while typing ("9:" is not a time yet); the value follows what can be read.
  const [text, setText] = useState(timeOf(minutes))
  return (
    <span className="schedule-fields__time">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="text-field__input"
        inputMode="numeric"
        placeholder={t.timePlaceholder}
        size={5}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value)
          onChange(minutesOf(event.target.value))
        }}
      />
    </span>
  )
}

export function ScheduleFields({ value, onChange, errors, disabled = false }: ScheduleFieldsProps) {
  const daysError = useId()
  const periodsError = useId()

  function toggleDay(day: number, checked: boolean) {
    const days = checked ? [...value.days, day].sort() : value.days.filter((d) => d !== day)
    onChange({ ...value, days })
  }

  function setPeriod(index: number, side: 0 | 1, minutes: number) {
    const periods = value.periods.map((period, i): [number, number] =>
      i === index ? (side === 0 ? [minutes, period[1]] : [period[0], minutes]) : period,
    )
    onChange({ ...value, periods })
  }

  const last = value.periods.at(-1)?.[1] ?? 9 * 60
  return (
    <div className="schedule-fields">
      <fieldset aria-describedby={errors.days ? daysError : undefined}>
        <legend>{t.days}</legend>
        {t.dayNames.map((name, i) => (
          <label key={name} className="schedule-fields__day">
            <input
              type="checkbox"
              checked={value.days.includes(i + 1)}
              disabled={disabled}
              onChange={(event) => toggleDay(i + 1, event.target.checked)}
            />
            {name}
          </label>
        ))}
        {errors.days ? (
          <p id={daysError} className="text-field__error">
            {errors.days}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={errors.periods ? periodsError : undefined}>
        <legend>{t.periods}</legend>
        <ol className="schedule-fields__periods">
          {value.periods.map((period, i) => (
            <li key={i}>
              <TimeInput
                label={t.start(i + 1)}
                minutes={period[0]}
                disabled={disabled}
                onChange={(m) => setPeriod(i, 0, m)}
              />
              <TimeInput
                label={t.end(i + 1)}
                minutes={period[1]}
                disabled={disabled}
                onChange={(m) => setPeriod(i, 1, m)}
              />
              <Button
                variant="secondary"
                disabled={disabled || value.periods.length <= 1}
                onClick={() => onChange({ ...value, periods: value.periods.filter((_, j) => j !== i) })}
              >
                {t.removePeriod(i + 1)}
              </Button>
              {errors[`periods.${i}`] ? <p className="text-field__error">{errors[`periods.${i}`]}</p> : null}
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          disabled={disabled || value.periods.length >= PERIODS_MAX}
          onClick={() =>
            onChange({
              ...value,
              periods: [...value.periods, [Math.min(last + 60, 23 * 60), Math.min(last + 120, 24 * 60)]],
            })
          }
        >
          {t.addPeriod}
        </Button>
        {errors.periods ? (
          <p id={periodsError} className="text-field__error">
            {errors.periods}
          </p>
        ) : null}
      </fieldset>
      <label className="schedule-fields__day">
        <input
          type="checkbox"
          checked={value.holidays}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, holidays: event.target.checked })}
        />
        {t.holidays}
      </label>
    </div>
  )
}

/** The messages of a nested form error object, flattened by path ("periods.0"), for ScheduleFields. */
export function flattenErrors(error: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  if (!error || typeof error !== 'object') return out
  for (const [key, value] of Object.entries(error as Record<string, unknown>)) {
    if (key === 'ref' || key === 'type') continue
    if (key === 'message' && typeof value === 'string') out[prefix.replace(/\.$/, '')] ??= value
    else if (key === 'root') Object.assign(out, flattenErrors(value, prefix))
    else Object.assign(out, flattenErrors(value, `${prefix}${key}.`))
  }
  return out
}
