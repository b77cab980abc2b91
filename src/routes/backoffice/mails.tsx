// /backoffice/mails (spec §2, issue #15 "E-mails"): administrators edit the mail templates and read the
// send log. Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { mailQueries } from '../../api/mails.ts'
import { MailsScreen } from '../../features/mails/mails-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) =>
    me.role === 'ADMIN' ? [queryClient.ensureQueryData(mailQueries.templates())] : [],
  )

export function Component() {
  return <MailsScreen />
}
