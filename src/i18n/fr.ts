// Every French string the UI shows (conventions §3.5), one module per domain under ./fr/, composed
// here into the one `fr` object the app imports. Keys are English. The service worker imports only
// the module of the strings it shows (./fr/push.ts), so its bundle carries none of the others; the
// names of the routes (./fr/nav.ts) are imported by the navigation and the dev tools only, so the
// entry chunk does not carry them. Modules of the entry chunk and of the public pages (the API client,
// the offline banner, notifications, the sign-in forms, …) import the domain modules they need
// directly, so a first visit to /login carries neither this composition nor the other domains' strings.
import { alerts } from './fr/alerts.ts'
import { appointment } from './fr/appointments.ts'
import { auth } from './fr/auth.ts'
import { calls } from './fr/calls.ts'
import { overlay } from './fr/blocking.ts'
import { app, errors, notifications, ui } from './fr/common.ts'
import { layout } from './fr/layout.ts'
import { roles, userStatuses } from './fr/roles.ts'
import { devtools } from './fr/dev.ts'
import { leads } from './fr/leads.ts'
import { live } from './fr/live.ts'
import { pages } from './fr/pages.ts'
import { offline } from './fr/pwa.ts'
import { offlineChanges, update } from './fr/pwa-signed-in.ts'

export const fr = {
  app,
  roles,
  userStatuses,
  errors,
  ui,
  notifications,
  overlay,
  pages,
  auth,
  devtools,
  calls,
  leads,
  appointment,
  layout,
  live,
  alerts,
  offline: { ...offline, ...offlineChanges },
  update,
} as const
