// The app URLs the server sends back (answers' `redirect`, blocking redirects; spec §2), built from
// the route table (app-paths.ts) in one place that the client can import too: no zod, no DOM.
import { paths } from './app-paths.ts'
import { BLOCKING_QUERY, type BlockingCause } from './blocking.ts'

export const appUrls = {
  home: () => paths.home(),
  lead: (uuid: string) => paths.lead(uuid),
  leadAppointment: (uuid: string) => paths.leadAppointment(uuid),
  /** The lead's sheet, or home when there is no lead. */
  leadOrHome: (uuid: string | null | undefined) => (uuid ? appUrls.lead(uuid) : appUrls.home()),
  /** Spec §2: the page to show, carrying `?redirect=…&cause=…` for the blocking-reason overlay. */
  blocking: (page: string, cause: BlockingCause) =>
    `${page}?${BLOCKING_QUERY.redirect}=${page}&${BLOCKING_QUERY.cause}=${cause}`,
} as const
