// Whether a user may open a route, by its rule in the route table (routes.ts → route-access.ts): a
// screen offers what leads to another (a link, a panel and its data) only to those that one lets in.
import type { AppEnv } from '../contracts/roles.ts'
import { isAllowed, sectionAccess } from '../contracts/route-access.ts'
import { routeOf, type RouteId } from '../contracts/routes.ts'
import type { Me } from '../contracts/user.ts'

export function mayOpen(id: RouteId, me: Me | null | undefined, appEnv?: AppEnv): boolean {
  const { access } = routeOf(id)
  return me != null && (access === undefined || isAllowed(sectionAccess[access], me.role, appEnv))
}
