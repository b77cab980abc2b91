// `/lead/{uuid}/appointment` (spec §2; docs/domain.md "Appointments"): the lead's current appointment,
// the free slots of its mission's agenda by day, and the booking. The lead and the slots load in
// parallel; after a booking the API client follows the server's redirect (the sheet or home). Issue
// #29 point 3: an outcome chosen on the sheet that requires an appointment is recorded with the
// booking, then the next lead is handed out as after any outcome.
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { appointmentMutations, appointmentQueries } from '../../api/appointments.ts'
import { refusalMessage } from '../../api/error-message.ts'
import { leadQueries } from '../../api/leads.ts'
import { paths } from '../../contracts/app-paths.ts'
import { isTextablePhone, smsPhoneOf } from '../../contracts/phone.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { screenTitles } from '../../i18n/fr/appointments.ts'
import type { Appointment, AppointmentAvailabilities } from '../../contracts/appointment.ts'
import type { Lead } from '../../contracts/lead.ts'
import { authQueries } from '../../api/auth.ts'
import { notify } from '../../stores/notifications.ts'
import { handedOutUuidOf, markHandedOut, useChainPaused } from '../../stores/lead-chain.ts'
import { usePendingOutcome } from './use-pending-outcome.ts'
import { bookWithOutcomeMutation } from './book-with-outcome.ts'
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
  const lead = useQuery(leadQueries.detail(uuid))
  const availabilities = useQuery(appointmentQueries.availabilities(uuid))
  const { data: me } = useQuery(authQueries.me())
  const error = lead.error ?? availabilities.error
  if (error) return <p role="alert">{error.message}</p>
  if (!lead.data || !availabilities.data || !me) return <p role="status">{fr.ui.loading}</p>
  return (
    <AppointmentBookingView
      uuid={uuid}
      lead={lead.data}
      availabilities={availabilities.data}
      userId={me.id}
    />
  )
}

type AppointmentBookingViewProps = {
  uuid: string
  lead: Lead
  availabilities: AppointmentAvailabilities
  userId: number
}

function AppointmentBookingView({ uuid, lead, availabilities, userId }: AppointmentBookingViewProps) {
  const queryClient = useQueryClient()
  const book = useMutation(appointmentMutations.book(queryClient))
  const bookOutcome = useMutation(bookWithOutcomeMutation(queryClient))
  const chainPaused = useChainPaused(userId)
  const outcome = usePendingOutcome(userId, lead)
  const pending = outcome.tag
  // Issue #15: the confirmation e-mail, offered when the lead has an address, ticked by default.
  const [confirmByEmail, setConfirmByEmail] = useState(true)
  // Issue #15 "SMS": the confirmation SMS, offered when the lead has a mobile, sent when the agent
  // ticks it (the lead asked for it; docs/domain.md "SMS").
  const [sendSms, setSendSms] = useState(false)
  // Issue #5: a slot is taken now or not at all; never deferred.
  const offlineReason = useOfflineReason()
  const name = personName(lead)
  // The number the server would text: the main phone, or the second when only that one is a mobile.
  const textable = isTextablePhone(smsPhoneOf(lead).phone)
  const { current, canBook, days, durationMinutes } = availabilities

  function handleBook(startsAt: string) {
    const confirmations = {
      startsAt,
      confirmByEmail: Boolean(lead.email) && confirmByEmail,
      sendSms: textable && sendSms,
    }
    if (outcome.changed) return
    if (!pending) {
      book.mutate({ lead: uuid, ...confirmations })
      return
    }
    void bookOutcome
      .mutateAsync({
        lead: uuid,
        ...confirmations,
        outcome: {
          callId: outcome.callId,
          callProcessTagId: pending.id,
          details: outcome.details ? { text: outcome.details } : {},
          comment: outcome.comment,
        },
        // Once the booking answers, before the next lead is asked for: a reload or a lost answer
        // afterwards must not leave the outcome pending, nor resend it.
        onBooked: outcome.recorded,
        chain: !chainPaused,
        onHandedOut: (redirect) => {
          const next = handedOutUuidOf(redirect)
          if (next) markHandedOut(next)
        },
      })
      .then(
        (result) => {
          notify({ kind: 'success', message: fr.leads.sheet.outcomeRecorded(pending.label) })
          notify({ kind: 'success', message: t.booked(formatAgendaSlot(result.appointment.startsAt)) })
          if (result.smsRefusal) notify({ kind: 'error', message: result.smsRefusal })
        },
        () => undefined,
      )
  }

  return (
    <article className="appointment-booking">
      <ScreenTitle title={screenTitles.leadAppointment} heading={t.title(name)} subject={t.subject(name)} />
      <p className="appointment-booking__agenda">
        {t.agenda(lead.market.mission.name)} · <Link to={paths.lead(uuid)}>{t.backToLead}</Link>
      </p>
      {outcome.changed ? (
        <p className="appointment-booking__changed" role="alert">
          {t.pendingChanged}
        </p>
      ) : pending ? (
        <p className="appointment-booking__pending" role="status">
          {t.pendingOutcome(pending.label)}
        </p>
      ) : null}
      <CurrentAppointment appointment={current} />
      {canBook ? (
        <>
          <p className="appointment-booking__rules">{t.rules(durationMinutes)}</p>
          {lead.email ? (
            <label className="appointment-booking__notify">
              <input
                type="checkbox"
                checked={confirmByEmail}
                onChange={(event) => setConfirmByEmail(event.target.checked)}
              />
              {t.confirmByEmail}
            </label>
          ) : null}
          {textable ? (
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
            busy={book.isPending || bookOutcome.isPending}
            disabledReason={offlineReason ?? (outcome.changed ? t.pendingChanged : undefined)}
            // A refusal the user can act on (400, 403, 409); 5xx are notified globally.
            error={refusalMessage(pending ? bookOutcome.error : book.error)}
            onBook={handleBook}
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
