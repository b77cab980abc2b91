// The one route table of the client (spec §2). The router (src/app/router.tsx), the navigation
// (src/app/layouts/navigation-items.ts), the links (app-paths.ts) and the server's HTML shell
// (server/lib/shell.ts) are all derived from it: a new screen is one entry here, one route module
// under src/routes/ (exporting `Component`, and `clientLoader` when it has data) and one label in
// src/i18n/fr/nav.ts. Shared with the server: plain data, no React, no DOM.
import type { AccessRuleId } from './route-access.ts'

/**
 * Layouts, each a module `src/app/layouts/<id>-layout.tsx`; all but 'public' and 'display' need a
 * signed-in user. 'display' (issue #14): a wall screen opened by a display link, no user at all.
 */
export const LAYOUTS = ['public', 'main', 'fullscreen', 'display'] as const

export type LayoutId = (typeof LAYOUTS)[number]

export function isPrivate(layout: LayoutId): boolean {
  return layout !== 'public' && layout !== 'display'
}

/** The main navigation's sections ('main': top-level links, no heading). */
export type NavSectionId =
  'main' | 'activity' | 'backoffice' | 'users' | 'affectations' | 'integration' | 'extractions'

export type RouteDefinition = {
  /** A react-router pattern: `:name` stands for one non-empty segment. */
  readonly path: `/${string}`
  /** The main layout when not given. */
  readonly layout?: LayoutId
  /** The access rule (route-access.ts); public pages have none. */
  readonly access?: AccessRuleId
  /**
   * The navigation section that links to it. The table's order is the navigation's: sections by
   * their first link, links within a section. Developer pages are reached from the dev tools.
   */
  readonly nav?: NavSectionId
}

export const routeTable = {
  login: { path: '/login', layout: 'public' },
  forgotPassword: { path: '/forgot-password', layout: 'public' },
  resetPassword: { path: '/reset-password', layout: 'public' },
  notFound: { path: '/404', layout: 'public' },
  home: {
    path: '/home',
    access: 'home',
    nav: 'main',
  },
  // Issue #29: the agent's own recalls, due first.
  myRecalls: {
    path: '/rappels',
    access: 'recalls',
    nav: 'main',
  },
  // A wall screen: signed in, but no navigation chrome.
  activityLeaderboard: {
    path: '/activity/leaderboard',
    layout: 'fullscreen',
    access: 'leaderboard',
    nav: 'main',
  },
  // Issue #14: the leaderboard of a wall screen, opened by a display link (its token), no user.
  display: { path: '/display/:token', layout: 'display' },
  lead: { path: '/lead/:uuid', access: 'lead' },
  leadAppointment: {
    path: '/lead/:uuid/appointment',
    access: 'lead',
  },
  activityOverview: {
    path: '/activity',
    access: 'activity',
    nav: 'activity',
  },
  activityStatsTeleops: {
    path: '/activity/stats-teleops',
    access: 'activity',
    nav: 'activity',
  },
  activityTeleopsTimeline: {
    path: '/activity/teleops-timeline',
    access: 'activity',
    nav: 'activity',
  },
  activityGamification: {
    path: '/activity/gamification',
    access: 'gamification',
    nav: 'activity',
  },
  activityLeadsFollowUp: {
    path: '/activity/leads-follow-up',
    access: 'activity',
    nav: 'activity',
  },
  backofficeConfiguration: {
    path: '/backoffice/configuration',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeMissions: {
    path: '/backoffice/missions',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeMarkets: {
    path: '/backoffice/marches',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeTags: {
    path: '/backoffice/tags',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeSms: {
    path: '/backoffice/sms',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeCallProcesses: {
    path: '/backoffice/call-process',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeCallProcess: {
    path: '/backoffice/call-process/:callProcessId',
    access: 'backoffice',
  },
  backofficeMails: {
    path: '/backoffice/mails',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeCrons: {
    path: '/backoffice/crons',
    access: 'backoffice',
    nav: 'backoffice',
  },
  backofficeTeams: {
    path: '/backoffice/teams',
    access: 'backoffice',
    nav: 'backoffice',
  },
  // Issue #14: display links of the wall screens (created, listed, revoked); issue #31: managers too.
  backofficeDisplayLinks: {
    path: '/backoffice/display-links',
    access: 'displayLinks',
    nav: 'backoffice',
  },
  backofficeAircallWebhooksStatus: {
    path: '/backoffice/aircall-webhooks-status',
    access: 'backoffice',
    nav: 'backoffice',
  },
  users: {
    path: '/utilisateurs',
    access: 'users',
    nav: 'users',
  },
  affectationsMissions: {
    path: '/affectations/missions',
    access: 'affectations',
    nav: 'affectations',
  },
  affectationsMission: {
    path: '/affectations/mission/:missionId',
    access: 'affectations',
  },
  affectationsTeams: {
    path: '/affectations/teams',
    access: 'affectationsTeams',
    nav: 'affectations',
  },
  integrationIntegrate: {
    path: '/integration/integrate',
    access: 'integration',
    nav: 'integration',
  },
  integrationHistory: {
    path: '/integration/history',
    access: 'integration',
    nav: 'integration',
  },
  extractions: {
    path: '/extractions',
    access: 'extractions',
    nav: 'extractions',
  },
  devCallCenterActivity: {
    path: '/dev/call-center-activity',
    access: 'dev',
  },
  devMonitor: { path: '/dev/monitor', access: 'dev' },
  devUatSettings: {
    path: '/dev/uat-settings',
    access: 'dev',
  },
} as const satisfies Record<string, RouteDefinition>

export type RouteTable = typeof routeTable
export type RouteId = keyof RouteTable

export const ROUTE_IDS = Object.keys(routeTable) as RouteId[]

/** The route `/` leads to (inside its layout, so a signed-out visitor is asked to sign in first). */
export const INDEX_ROUTE: RouteId = 'home'

/** Where every unknown path goes (spec §2). */
export const FALLBACK_ROUTE: RouteId = 'notFound'

/** The definition of `id`, its layout filled in, widened (optional fields readable on every entry). */
export function routeOf(id: RouteId): RouteDefinition & { layout: LayoutId } {
  return { layout: 'main', ...routeTable[id] }
}
