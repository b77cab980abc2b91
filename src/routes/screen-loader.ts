// What a route's `clientLoader` does with its screen's data (issue #10, "Route loaders"): start the
// queries as soon as the route is matched, never wait for them. Navigation so never waits on the
// network (offline included), and the screen's own useQuery picks up the request in flight (same
// query keys, no second request). Only for a signed-in user the route's access rule lets in (issue
// #28): the router hands each loader the rule its route table entry names, so no loader repeats it;
// the layout's guard sends anyone else to /login or shows the refusal, and their requests would
// only be refused.
import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router-dom'
import { authQueries } from '../api/auth.ts'
import type { RouteAccess } from '../contracts/route-access.ts'
import type { Me } from '../contracts/user.ts'

/** The queries a screen starts for a user its route lets in. */
export type ScreenQueries = (
  queryClient: QueryClient,
  me: Me,
  args: LoaderFunctionArgs,
) => readonly Promise<unknown>[]

/** A route module's `clientLoader`: the router gives it the route's access rule (routes.ts). */
export type ClientLoader = (queryClient: QueryClient, access?: RouteAccess) => LoaderFunction

export function screenLoader(start: ScreenQueries): ClientLoader {
  return (queryClient, access) => (args) => {
    void queryClient
      .ensureQueryData(authQueries.me())
      // The rule's roles: a developer page's environment is the router's (it is not loaded elsewhere).
      .then((me) =>
        me && (!access || access.roles.includes(me.role))
          ? Promise.all(start(queryClient, me, args))
          : undefined,
      )
      // A failure is the screen's to show, when its own query settles.
      .catch(() => undefined)
    return null
  }
}
