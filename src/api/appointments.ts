// Appointments resource (spec §7 "Leads": appointment-availabilities and appointment; docs/domain.md
// "Appointments"). A sub-resource of the lead (its URLs are under /api/lead/{id}): keys derive from
// `leadQueries.all()`, so a live lead update (src/live/live-events.ts) refreshes them too.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { AppointmentAvailabilities, BookAppointmentResponse } from '../contracts/appointment.ts'
import { fr } from '../i18n/fr.ts'
import { formatAgendaSlot } from '../i18n/format.ts'
import { notify } from '../stores/notifications.ts'
import { authQueries } from './auth.ts'
import { ApiError, apiRequest } from './client.ts'
import { leadQueries } from './leads.ts'

/** The lead's uuid or numeric id, as the routes accept both. */
export type LeadRef = string | number
/**
 * Issue #15: `confirmByEmail`, the lead receives the confirmation e-mail; `sendSms`, the
 * confirmation SMS as well.
 */
export type BookAppointmentInput = {
  lead: LeadRef
  startsAt: string
  confirmByEmail?: boolean
  sendSms?: boolean
}

function leadPath(lead: LeadRef): string {
  return `/api/lead/${encodeURIComponent(String(lead))}`
}

export function fetchAppointmentAvailabilities(
  lead: LeadRef,
  signal?: AbortSignal,
): Promise<AppointmentAvailabilities> {
  return apiRequest<AppointmentAvailabilities>(`${leadPath(lead)}/appointment-availabilities`, { signal })
}

/** Its `redirect` (the lead sheet or /home) is followed by the API client. */
export function bookAppointment({
  lead,
  startsAt,
  confirmByEmail,
  sendSms,
}: BookAppointmentInput): Promise<BookAppointmentResponse> {
  return apiRequest<BookAppointmentResponse>(`${leadPath(lead)}/appointment`, {
    method: 'POST',
    body: {
      startsAt,
      ...(confirmByEmail === undefined ? {} : { confirmByEmail }),
      ...(sendSms ? { sendSms } : {}),
    },
  })
}

export const appointmentQueries = {
  all: () => [...leadQueries.all(), 'appointments'] as const,
  availabilities: (lead: LeadRef) =>
    queryOptions({
      queryKey: [...appointmentQueries.all(), 'availabilities', String(lead)] as const,
      queryFn: ({ signal }) => fetchAppointmentAvailabilities(lead, signal),
      // Other users book too: a list older than this is refreshed before it is shown again.
      staleTime: 15_000,
      retry: false,
    }),
}

export const appointmentMutations = {
  /**
   * Invalidates: leads (status, metadata, history, appointments), me. A refused slot (409) refreshes
   * the availabilities; the caller shows the server's French reason next to the list.
   */
  book: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: bookAppointment,
      onSuccess: (data) => {
        notify({
          kind: 'success',
          message: fr.appointment.booked(formatAgendaSlot(data.appointment.startsAt)),
        })
        // Issue #15: the booking stands; the confirmation SMS asked for did not go, and why.
        if (data.smsRefusal) notify({ kind: 'error', message: data.smsRefusal })
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: leadQueries.all() }),
          queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
        ])
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          return queryClient.invalidateQueries({ queryKey: appointmentQueries.all() })
      },
    }),
}
