// What a route's `clientLoader` does with its screen's data (issue #10, "Route loaders"): start the
// queries as soon as the route is matched, never wait for them. Navigation so never waits on the
// network (offline included), and the screen's own useQuery picks up the request in flight (same
// query keys, no second request). Only for a signed-in user: the layout's guard runs alongside and
// sends anyone else to /login, and their requests would only be refused.
import type { QueryClient } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import type { Me } from '../contracts/user.ts'

export function startQueries(queryClient: QueryClient, start: (me: Me) => readonly Promise<unknown>[]): null {
  void queryClient
    .ensureQueryData(authQueries.me())
    .then((me) => (me ? Promise.all(start(me)) : undefined))
    // A failure is the screen's to show, when its own query settles.
    .catch(() => undefined)
  return null
}
