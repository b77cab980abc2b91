// /backoffice/sms (spec §2, issue #15 "SMS"): administrators edit the SMS templates and read the send
// log and the opt-outs. Lazy like every route: nothing of it enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { smsQueries } from '../../api/sms.ts'
import { SmsScreen } from '../../features/sms/sms-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) =>
    me.role === 'ADMIN' ? [queryClient.ensureQueryData(smsQueries.templates())] : [],
  )

export function Component() {
  return <SmsScreen />
}
