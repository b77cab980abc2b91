// Every URL of the client (spec §2), in one place (conventions §3.2). `routePatterns` are the
// patterns the router declares; `paths` are typed builders the rest of the code links with.

export const routePatterns = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  notFound: '/404',
  root: '/',
  home: '/home',
  users: '/utilisateurs',
  integration: {
    integrate: '/integration/integrate',
    history: '/integration/history',
  },
  lead: '/lead/:uuid',
  leadAppointment: '/lead/:uuid/appointment',
  activity: {
    overview: '/activity',
    statsTeleops: '/activity/stats-teleops',
    teleopsTimeline: '/activity/teleops-timeline',
    gamification: '/activity/gamification',
    leaderboard: '/activity/leaderboard',
    leadsFollowUp: '/activity/leads-follow-up',
  },
  backoffice: {
    configuration: '/backoffice/configuration',
    missions: '/backoffice/missions',
    markets: '/backoffice/marches',
    tags: '/backoffice/tags',
    sms: '/backoffice/sms',
    callProcesses: '/backoffice/call-process',
    callProcess: '/backoffice/call-process/:callProcessId',
    mails: '/backoffice/mails',
    crons: '/backoffice/crons',
    teams: '/backoffice/teams',
    aircallWebhooksStatus: '/backoffice/aircall-webhooks-status',
  },
  affectations: {
    missions: '/affectations/missions',
    mission: '/affectations/mission/:missionId',
    teams: '/affectations/teams',
  },
  extractions: '/extractions',
  dev: {
    callCenterActivity: '/dev/call-center-activity',
    monitor: '/dev/monitor',
    uatSettings: '/dev/uat-settings',
  },
} as const

function segment(value: string | number): string {
  return encodeURIComponent(String(value))
}

const bo = routePatterns.backoffice
const activity = routePatterns.activity

export const paths = {
  /** `/login`, with the path to come back to after signing in. */
  login: (returnTo?: string) =>
    returnTo ? `${routePatterns.login}?${new URLSearchParams({ returnTo })}` : routePatterns.login,
  forgotPassword: () => routePatterns.forgotPassword,
  /** The reset link the server mails carries the token as `?token=`. */
  resetPassword: (token?: string) =>
    token ? `${routePatterns.resetPassword}?${new URLSearchParams({ token })}` : routePatterns.resetPassword,
  notFound: () => routePatterns.notFound,
  home: () => routePatterns.home,
  users: () => routePatterns.users,
  integration: {
    integrate: () => routePatterns.integration.integrate,
    history: () => routePatterns.integration.history,
  },
  lead: (uuid: string) => `/lead/${segment(uuid)}`,
  leadAppointment: (uuid: string) => `/lead/${segment(uuid)}/appointment`,
  activity: {
    overview: () => activity.overview,
    statsTeleops: () => activity.statsTeleops,
    teleopsTimeline: () => activity.teleopsTimeline,
    gamification: () => activity.gamification,
    leaderboard: () => activity.leaderboard,
    leadsFollowUp: () => activity.leadsFollowUp,
  },
  backoffice: {
    configuration: () => bo.configuration,
    missions: () => bo.missions,
    markets: () => bo.markets,
    tags: () => bo.tags,
    sms: () => bo.sms,
    callProcesses: () => bo.callProcesses,
    callProcess: (callProcessId: number | string) => `${bo.callProcesses}/${segment(callProcessId)}`,
    mails: () => bo.mails,
    crons: () => bo.crons,
    teams: () => bo.teams,
    aircallWebhooksStatus: () => bo.aircallWebhooksStatus,
  },
  affectations: {
    missions: () => routePatterns.affectations.missions,
    mission: (missionId: number | string) => `/affectations/mission/${segment(missionId)}`,
    teams: () => routePatterns.affectations.teams,
  },
  extractions: () => routePatterns.extractions,
  dev: {
    callCenterActivity: () => routePatterns.dev.callCenterActivity,
    monitor: () => routePatterns.dev.monitor,
    uatSettings: () => routePatterns.dev.uatSettings,
  },
} as const

/**
 * `value` when it is a path of this app, else null: it must start with one '/', never '//' or
 * '/\\' (browsers treat both as another host), and must not resolve to another origin. The one
 * check for every path that comes from outside the code: `returnTo`, server redirects (spec §2, §7).
 */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  // Browsers drop tabs and newlines from URLs ('/\t/evil.example' means '//evil.example'):
  // resolving against a placeholder origin catches every such trick.
  const base = 'http://app-path.invalid'
  if (new URL(value, base).origin !== base) return null
  return value
}

/**
 * The path to return to after signing in, or null when `value` is not a same-origin path
 * (`safeAppPath`) or is a public auth page.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  const path = safeAppPath(value)
  if (path === null) return null
  // Returning to a public auth page after signing in would loop.
  const pathname = path.split(/[?#]/)[0]
  const publicPaths: readonly string[] = [
    routePatterns.login,
    routePatterns.forgotPassword,
    routePatterns.resetPassword,
  ]
  if (pathname && publicPaths.includes(pathname)) return null
  return path
}
