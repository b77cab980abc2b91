// /lead/{uuid}/appointment (spec §2; docs/domain.md "Appointments").
import { useParams } from 'react-router-dom'
import { appointmentQueries } from '../../api/appointments.ts'
import { leadQueries } from '../../api/leads.ts'
import { AppointmentBooking } from '../../features/appointments/appointment-booking.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { params }) => {
  const uuid = params.uuid ?? ''
  return [
    queryClient.ensureQueryData(leadQueries.detail(uuid)),
    queryClient.ensureQueryData(appointmentQueries.availabilities(uuid)),
  ]
})

export function Component() {
  const { uuid = '' } = useParams()
  return <AppointmentBooking key={uuid} uuid={uuid} />
}
