// The app URLs the server sends back (answers' `redirect`, blocking redirects; spec §2), built in one
// place that the client can import too: no zod, no DOM.
import { BLOCKING_QUERY, type BlockingCause } from './blocking.ts'

export const appUrls = {
  home: () => '/home',
  lead: (uuid: string) => `/lead/${encodeURIComponent(uuid)}`,
  leadAppointment: (uuid: string) => `/lead/${encodeURIComponent(uuid)}/appointment`,
  /** The lead's sheet, or home when there is no lead. */
  leadOrHome: (uuid: string | null | undefined) => (uuid ? appUrls.lead(uuid) : appUrls.home()),
  /** Spec §2: the page to show, carrying `?redirect=…&cause=…` for the blocking-reason overlay. */
  blocking: (page: string, cause: BlockingCause) =>
    `${page}?${BLOCKING_QUERY.redirect}=${page}&${BLOCKING_QUERY.cause}=${cause}`,
} as const
