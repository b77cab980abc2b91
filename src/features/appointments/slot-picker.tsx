// The free slots day by day, as one radio group (arrow keys move between slots, Enter confirms),
// and the confirmation button. Which slots exist is the server's rule; this only shows them.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import type { AppointmentDay } from '../../contracts/appointment.ts'
import { fr } from '../../i18n/fr.ts'
import { formatAgendaDay, formatAgendaSlot, formatAgendaTime } from '../../i18n/format.ts'

export type SlotPickerProps = {
  days: AppointmentDay[]
  /** The lead already has an appointment: confirming moves it. */
  moving: boolean
  busy: boolean
  /** Booking is unavailable for this reason (offline, issue #5). */
  disabledReason?: string
  /** The server's reason when the last booking was refused (slot taken meanwhile, …). */
  error: string | null
  onBook: (startsAt: string) => void
}

const t = fr.appointment

export function SlotPicker({ days, moving, busy, disabledReason, error, onBook }: SlotPickerProps) {
  const [selected, setSelected] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const headingId = useId()
  // A slot taken meanwhile leaves the refreshed list: the choice goes with it.
  const choice = days.some((day) => day.slots.some((slot) => slot.startsAt === selected)) ? selected : null
  const hasFreeSlot = days.some((day) => day.slots.length > 0)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (choice === null) {
      setMissing(true)
      return
    }
    onBook(choice)
  }

  function handleChange(startsAt: string) {
    setMissing(false)
    setSelected(startsAt)
  }

  return (
    <form className="slot-picker" onSubmit={handleSubmit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId} className="slot-picker__heading">
        {t.slots}
      </h2>
      {error ? (
        <p className="slot-picker__error" role="alert">
          {error}
        </p>
      ) : null}
      {hasFreeSlot ? null : <p>{t.noSlots}</p>}
      <div className="slot-picker__days">
        {days.map((day) => (
          <fieldset key={day.date} className="slot-picker__day">
            <legend className="slot-picker__day-name">{formatAgendaDay(day.date)}</legend>
            {day.slots.length === 0 ? <p className="slot-picker__full">{t.dayFull}</p> : null}
            {day.slots.map((slot) => (
              <label key={slot.startsAt} className="slot-picker__slot">
                <input
                  type="radio"
                  name="startsAt"
                  value={slot.startsAt}
                  checked={choice === slot.startsAt}
                  onChange={() => handleChange(slot.startsAt)}
                />
                <time dateTime={slot.startsAt}>{formatAgendaTime(slot.startsAt)}</time>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="slot-picker__actions">
        <p aria-live="polite" className="slot-picker__choice">
          {choice ? t.chosen(formatAgendaSlot(choice)) : null}
        </p>
        {missing ? <p role="alert">{t.chooseSlot}</p> : null}
        <Button type="submit" busy={busy} disabled={!hasFreeSlot} disabledReason={disabledReason}>
          {moving ? t.move : t.book}
        </Button>
      </div>
    </form>
  )
}
