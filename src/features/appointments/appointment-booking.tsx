// `/lead/{uuid}/appointment` (spec §2; docs/domain.md "Appointments"): the lead's current appointment,
// the free slots of its mission's agenda by day, and the booking. The lead and the slots load in
// parallel; after a booking the API client follows the server's redirect (the sheet or home).
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { appointmentMutations, appointmentQueries } from '../../api/appointments.ts'
import { refusalMessage } from '../../api/error-message.ts'
import { leadQueries } from '../../api/leads.ts'
import { paths } from '../../contracts/app-paths.ts'
import { isTextablePhone } from '../../contracts/phone.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { screenTitles } from '../../i18n/fr/appointments.ts'
import type { Appointment } from '../../contracts/appointment.ts'
import { fr } from '../../i18n/fr.ts'
import { bookingSms } from '../../i18n/fr/sms.ts'
import { formatAgendaSlot } from '../../i18n/format.ts'
import { useOfflineReason } from '../../pwa/use-online.ts'
import { SlotPicker } from './slot-picker.tsx'
import './appointment-booking.css'
import { personName } from '../../contracts/person-name.ts'

export type AppointmentBookingProps = { uuid: string }

const t = fr.appointment

export function AppointmentBooking({ uuid }: AppointmentBookingProps) {
  const queryClient = useQueryClient()
  const lead = useQuery(leadQueries.detail(uuid))
  const availabilities = useQuery(appointmentQueries.availabilities(uuid))
  const book = useMutation(appointmentMutations.book(queryClient))
  // Issue #15: the confirmation e-mail, offered when the lead has an address, ticked by default.
  const [confirmByEmail, setConfirmByEmail] = useState(true)
  // Issue #15 "SMS": the confirmation SMS, offered when the lead has a mobile, sent when the agent
  // ticks it (the lead asked for it; docs/domain.md "SMS").
  const [sendSms, setSendSms] = useState(false)
  // Issue #5: a slot is taken now or not at all; never deferred.
  const offlineReason = useOfflineReason()
  const error = lead.error ?? availabilities.error
  if (error) return <p role="alert">{error.message}</p>
  if (!lead.data || !availabilities.data) return <p role="status">{fr.ui.loading}</p>
  const name = personName(lead.data)
  const { current, canBook, days, durationMinutes } = availabilities.data

  return (
    <article className="appointment-booking">
      <ScreenTitle title={screenTitles.leadAppointment} heading={t.title(name)} subject={t.subject(name)} />
      <p className="appointment-booking__agenda">
        {t.agenda(lead.data.market.mission.name)} · <Link to={paths.lead(uuid)}>{t.backToLead}</Link>
      </p>
      <CurrentAppointment appointment={current} />
      {canBook ? (
        <>
          <p className="appointment-booking__rules">{t.rules(durationMinutes)}</p>
          {lead.data.email ? (
            <label className="appointment-booking__notify">
              <input
                type="checkbox"
                checked={confirmByEmail}
                onChange={(event) => setConfirmByEmail(event.target.checked)}
              />
              {t.confirmByEmail}
            </label>
          ) : null}
          {isTextablePhone(lead.data.phone) ? (
            <label className="appointment-booking__sms">
              <input
                type="checkbox"
                checked={sendSms}
                onChange={(event) => setSendSms(event.target.checked)}
              />
              {bookingSms.label}
            </label>
          ) : null}
          <SlotPicker
            days={days}
            moving={current !== null}
            busy={book.isPending}
            disabledReason={offlineReason}
            // A refusal the user can act on (400, 403, 409); 5xx are notified globally.
            error={refusalMessage(book.error)}
            onBook={(startsAt) =>
              book.mutate({
                lead: uuid,
                startsAt,
                confirmByEmail: Boolean(lead.data.email) && confirmByEmail,
                sendSms: isTextablePhone(lead.data.phone) && sendSms,
              })
            }
          />
        </>
      ) : (
        <p className="appointment-booking__read-only" role="status">
          {t.readOnly}
        </p>
      )}
    </article>
  )
}

type CurrentAppointmentProps = { appointment: Appointment | null }

function CurrentAppointment({ appointment }: CurrentAppointmentProps) {
  const titleId = useId()
  return (
    <section className="appointment-booking__current" aria-labelledby={titleId}>
      <h2 id={titleId} className="appointment-booking__current-title">
        {t.current}
      </h2>
      {appointment ? (
        <p>
          <time dateTime={appointment.startsAt}>{t.currentSlot(formatAgendaSlot(appointment.startsAt))}</time>
          {appointment.bookedBy ? (
            <span className="appointment-booking__booked-by">
              {' · '}
              {t.bookedBy(personName(appointment.bookedBy))}
            </span>
          ) : null}
        </p>
      ) : (
        <p>{t.noCurrent}</p>
      )}
    </section>
  )
}
