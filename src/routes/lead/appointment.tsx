// /lead/{uuid}/appointment (spec §2; docs/domain.md "Appointments").
import { useParams } from 'react-router-dom'
import { AppointmentBooking } from '../../features/appointments/appointment-booking.tsx'

export function LeadAppointmentRoute() {
  const { uuid = '' } = useParams()
  return <AppointmentBooking key={uuid} uuid={uuid} />
}
