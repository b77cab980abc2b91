// /backoffice/mails (spec §2, issue #15 "E-mails"): administrators edit the mail templates and read the
// send log. Lazy like every route.
import { mailQueries } from '../../api/mails.ts'
import { MailsScreen } from '../../features/mails/mails-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(mailQueries.templates()),
])

export function Component() {
  return <MailsScreen />
}
