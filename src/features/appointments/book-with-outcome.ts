// Issue #29 point 3: « RDV pris » and the booking are one step. The booking page sends the lead's
// pending outcome (the outcome draft, src/stores/outcome-draft.ts) with the slot; the server
// records both in one transaction, then the agent chains to the next lead as after any outcome.
import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import { invalidateLeadsAndMe } from '../../api/leads.ts'
import { appointmentQueries } from '../../api/appointments.ts'
import { ApiError, apiRequest } from '../../api/client.ts'
import type { BookAppointmentBody, BookAppointmentResponse } from '../../contracts/appointment.ts'
import type { FindLeadResponse } from '../../contracts/lead.ts'
import { nextLeadAfter, type ChainOptions } from '../../api/next-lead.ts'

export type BookWithOutcomeInput = BookAppointmentBody &
  ChainOptions & {
    lead: string
    outcome: NonNullable<BookAppointmentBody['outcome']>
    /** Called as soon as the booking answers, before the next lead is asked for. */
    onBooked?: () => void
  }

export async function bookWithOutcome({
  lead,
  chain,
  onHandedOut,
  onBooked,
  ...body
}: BookWithOutcomeInput): Promise<BookAppointmentResponse & { next: FindLeadResponse | null }> {
  const booked = await apiRequest<BookAppointmentResponse>(
    `/api/lead/${encodeURIComponent(lead)}/appointment`,
    { method: 'POST', body, followRedirect: false },
  )
  onBooked?.()
  return { ...booked, next: await nextLeadAfter(booked, { chain, onHandedOut }) }
}

/**
 * Invalidates: leads (status, appointment, history), me (the lead released, the points). A refused
 * slot (409) refreshes the availabilities; the page shows the server's French reason.
 */
export function bookWithOutcomeMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: bookWithOutcome,
    onSuccess: () => invalidateLeadsAndMe(queryClient),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        return queryClient.invalidateQueries({ queryKey: appointmentQueries.all() })
    },
  })
}
