// /backoffice/sms (spec §2, issue #15 "SMS"): administrators edit the SMS templates and read the send
// log and the opt-outs. Lazy like every route: nothing of it enters /login or /home.
import { smsQueries } from '../../api/sms.ts'
import { SmsScreen } from '../../features/sms/sms-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(smsQueries.templates()),
])

export function Component() {
  return <SmsScreen />
}
