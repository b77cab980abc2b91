// /lead/{uuid}/appointment (spec §2; docs/domain.md "Appointments").
import type { QueryClient } from '@tanstack/react-query'
import { useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { appointmentQueries } from '../../api/appointments.ts'
import { leadQueries } from '../../api/leads.ts'
import { AppointmentBooking } from '../../features/appointments/appointment-booking.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const uuid = params.uuid ?? ''
    return startQueries(queryClient, () => [
      queryClient.ensureQueryData(leadQueries.detail(uuid)),
      queryClient.ensureQueryData(appointmentQueries.availabilities(uuid)),
    ])
  }

export function Component() {
  const { uuid = '' } = useParams()
  return <AppointmentBooking key={uuid} uuid={uuid} />
}
