// The call-back's date and time (issue #11): a native date field (keyboard-usable, the browser's
// French calendar) and the allowed Paris times, refusing past, closed-day and out-of-hours choices
// with the words the server uses (src/contracts/recall.ts decides on both sides).
import { useId } from 'react'
import { addDays, civilDateOf, isoDate, minutesOfDay, parseIsoDate } from '../../contracts/paris-calendar.ts'
import {
  RECALL_RULES,
  recallInstant,
  recallMessages,
  recallTimes,
  refuseRecall,
} from '../../contracts/recall.ts'
import { formatLongDateTime } from '../../i18n/format.ts'
import { recallPicker as t } from '../../i18n/fr/recall.ts'

export type RecallChoice = { recallDate: string; recallTime: string }

/** `600` → `10:00`. */
function timeLabel(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** The chosen instant, or the reason it cannot be one (`missing` when incomplete). */
export function readRecallChoice(
  choice: RecallChoice,
  now: Date,
): { at: Date; refusal: null } | { at: null; refusal: keyof typeof recallMessages } {
  const date = parseIsoDate(choice.recallDate)
  const minutes = Number.parseInt(choice.recallTime, 10)
  if (!date || !Number.isInteger(minutes)) return { at: null, refusal: 'missing' }
  const at = recallInstant(date, minutes)
  const refusal = refuseRecall(at, now)
  return refusal ? { at: null, refusal } : { at, refusal: null }
}

/** A proposal's draft fields: the Paris date and time of `at`. */
export function recallChoiceOf(at: Date): RecallChoice {
  // The wall clock's minutes, not the time since midnight: they differ on the days of a DST change.
  return { recallDate: isoDate(civilDateOf(at)), recallTime: String(minutesOfDay(at)) }
}

export type RecallPickerProps = {
  value: RecallChoice
  onChange: (change: Partial<RecallChoice>) => void
  /** Shown once the agent tried to record the outcome: the refusal of the current choice. */
  showError: boolean
}

export function RecallPicker({ value, onChange, showError }: RecallPickerProps) {
  const errorId = useId()
  const summaryId = useId()
  const now = new Date()
  const today = civilDateOf(now)
  const choice = readRecallChoice(value, now)
  const error = showError && choice.refusal ? recallMessages[choice.refusal] : null
  const describedBy = [error ? errorId : null, summaryId].filter(Boolean).join(' ')
  return (
    <fieldset className="recall-picker">
      <legend>{t.legend}</legend>
      <div className="recall-picker__fields">
        <label className="recall-picker__field">
          {t.date}
          <input
            type="date"
            name="recallDate"
            required
            min={isoDate(today)}
            max={isoDate(addDays(today, RECALL_RULES.windowDays - 1))}
            value={value.recallDate}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ recallDate: event.target.value })}
          />
        </label>
        <label className="recall-picker__field">
          {t.time}
          <select
            name="recallTime"
            required
            value={value.recallTime}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ recallTime: event.target.value })}
          >
            <option value="">{t.chooseTime}</option>
            {recallTimes().map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {timeLabel(minutes)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={summaryId} className="recall-picker__summary" aria-live="polite">
        {choice.at ? t.summary(formatLongDateTime(choice.at.toISOString())) : null}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="recall-picker__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
