// Who may open which part of the client (spec §6; role sets decided in docs/decisions.md).
// The role sets are declared once here; each entry of the route table (routes.ts) names its rule,
// router.tsx attaches it as `handle.access`, and the navigation shows a link only to the roles its
// page accepts. The server stays authoritative: these rules only choose what the client displays.
import type { AppEnv, Role } from './roles.ts'
import { ROLES, isNonProduction } from './roles.ts'

export type RouteAccess = {
  readonly roles: readonly Role[]
  /** Developer pages exist only outside production (spec §2). */
  readonly nonProductionOnly?: boolean
}

/** What router.tsx puts in a route's `handle`. */
export type RouteHandle = {
  readonly access?: RouteAccess
}

const everyone: RouteAccess = { roles: ROLES }
const adminOnly: RouteAccess = { roles: ['ADMIN'] }

export const sectionAccess = {
  home: everyone,
  lead: everyone,
  leaderboard: everyone,
  // Issue #29: "Mes rappels", the call-capable roles (GET /api/recalls/mine).
  recalls: { roles: ['TELEOPERATOR', 'MANAGER'] },
  activity: { roles: ['ADMIN', 'MANAGER'] },
  // Issue #14: a teleoperator opens their own progress; managers and administrators choose whose
  // (the server scopes each read: server/routes/gamification).
  gamification: everyone,
  backoffice: adminOnly,
  // Issue #31: managers manage the display links of the teams they manage (the server scopes them).
  displayLinks: { roles: ['ADMIN', 'MANAGER'] },
  // Issue #12 "Users": managers read their teams' users; the server keeps every change to administrators.
  users: { roles: ['ADMIN', 'MANAGER'] },
  // Issue #12: managers assign their teams' members to missions (the server decides what they may
  // change); team membership stays with administrators.
  affectations: { roles: ['ADMIN', 'MANAGER'] },
  affectationsTeams: adminOnly,
  integration: adminOnly,
  // Issue #13: managers extract the leads of their teams' missions (server/domain/leads/access.ts).
  extractions: { roles: ['ADMIN', 'MANAGER'] },
  dev: { roles: ROLES, nonProductionOnly: true },
} as const satisfies Record<string, RouteAccess>

export type AccessRuleId = keyof typeof sectionAccess

export function isAllowed(access: RouteAccess, role: Role, appEnv: AppEnv | undefined): boolean {
  if (!access.roles.includes(role)) return false
  // Until the config is known, developer pages stay closed rather than flash open.
  if (access.nonProductionOnly) return appEnv !== undefined && isNonProduction(appEnv)
  return true
}

/** A route is open when every matched route's access rule lets the user in. */
export function canOpen(handles: readonly unknown[], role: Role, appEnv: AppEnv | undefined): boolean {
  return handles.every((handle) => {
    const access = (handle as RouteHandle | undefined)?.access
    return access === undefined || isAllowed(access, role, appEnv)
  })
}
