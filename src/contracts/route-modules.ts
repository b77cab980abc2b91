// Where each page's code is (issue #27): the route module of every route of the table
// (src/contracts/routes.ts), relative to src/, and each layout's. Apart from the table so that the
// first visit of /login carries none of these paths: the client reads them only in the lazy map of
// the pages (src/app/page-modules.ts); the server's shell and the size gate read them to find chunks
// in Vite's manifest. The type makes a route without its module a compile error.
import type { LayoutId, RouteId } from './routes.ts'

export const ROUTE_MODULES = {
  login: 'routes/login.tsx',
  forgotPassword: 'routes/forgot-password.tsx',
  resetPassword: 'routes/reset-password.tsx',
  notFound: 'routes/not-found.tsx',
  home: 'routes/home.tsx',
  myRecalls: 'routes/rappels.tsx',
  activityLeaderboard: 'routes/activity/leaderboard.tsx',
  display: 'routes/display.tsx',
  lead: 'routes/lead/lead-sheet.tsx',
  leadAppointment: 'routes/lead/appointment.tsx',
  activityOverview: 'routes/activity/overview.tsx',
  activityStatsTeleops: 'routes/activity/stats-teleops.tsx',
  activityTeleopsTimeline: 'routes/activity/teleops-timeline.tsx',
  activityGamification: 'routes/activity/gamification.tsx',
  activityLeadsFollowUp: 'routes/activity/leads-follow-up.tsx',
  backofficeConfiguration: 'routes/backoffice/configuration.tsx',
  backofficeMissions: 'routes/backoffice/missions.tsx',
  backofficeMarkets: 'routes/backoffice/marches.tsx',
  backofficeTags: 'routes/backoffice/tags.tsx',
  backofficeSms: 'routes/backoffice/sms.tsx',
  backofficeCallProcesses: 'routes/backoffice/call-process.tsx',
  backofficeCallProcess: 'routes/backoffice/call-process-detail.tsx',
  backofficeMails: 'routes/backoffice/mails.tsx',
  backofficeCrons: 'routes/backoffice/crons.tsx',
  backofficeTeams: 'routes/backoffice/teams.tsx',
  backofficeDisplayLinks: 'routes/backoffice/display-links.tsx',
  backofficeAircallWebhooksStatus: 'routes/backoffice/aircall-webhooks-status.tsx',
  users: 'routes/utilisateurs.tsx',
  affectationsMissions: 'routes/affectations/missions.tsx',
  affectationsMission: 'routes/affectations/mission.tsx',
  affectationsTeams: 'routes/affectations/teams.tsx',
  integrationIntegrate: 'routes/integration/integrate.tsx',
  integrationHistory: 'routes/integration/history.tsx',
  extractions: 'routes/extractions.tsx',
  devCallCenterActivity: 'routes/dev/call-center-activity.tsx',
  devMonitor: 'routes/dev/monitor.tsx',
  devUatSettings: 'routes/dev/uat-settings.tsx',
} as const satisfies Record<RouteId, `routes/${string}.tsx`>

/** The route module of `id`, relative to src/. */
export function routeModule(id: RouteId): string {
  return ROUTE_MODULES[id]
}

/** The layout module of `layout`, relative to src/. */
export function layoutModule(layout: LayoutId): string {
  return `app/layouts/${layout}-layout.tsx`
}
