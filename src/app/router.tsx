// Every route of spec §2 (react-router 7, data mode). Each view is its own chunk (`lazy`); only the
// root layout is in the entry, so a first visit to /login loads the login chunk and nothing private.
// Who may open what: `handle.access`, with role sets from access.ts (the one place they live).
import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'
import { authQueries } from '../api/auth.ts'
import { configQueries } from '../api/config.ts'
import { sectionAccess, type RouteHandle } from './access.ts'
import { paths, routePatterns as p } from './paths.ts'
import { RootLayout } from './layouts/root-layout.tsx'
import { RouteErrorView } from './layouts/route-error-view.tsx'
import { PageLoading } from './layouts/page-loading.tsx'

/** A lazy route: the module is fetched when the route is first matched. */
function view<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) })
}

/** A route that only redirects (its loader runs before anything renders). */
function redirectTo(to: string) {
  return { loader: () => redirect(to), element: null }
}

function access(rule: RouteHandle['access']): RouteHandle {
  return { access: rule }
}

/**
 * Guard of every private layout: a signed-out visitor goes to /login with the path to come back
 * to. The config is fetched alongside so developer pages know the environment on first render.
 */
function requireUser(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const [me] = await Promise.all([
      queryClient.ensureQueryData(authQueries.me()),
      // The cached config is enough (issue #5: restored offline, a refetch would wait for the network).
      queryClient.ensureQueryData(configQueries.app()).catch(() => undefined),
    ])
    if (!me) {
      const url = new URL(request.url)
      throw redirect(paths.login(url.pathname + url.search))
    }
    return null
  }
}

function mainLayoutChildren(): RouteObject[] {
  return [
    { path: p.root, ...redirectTo(paths.home()) },
    {
      path: p.home,
      handle: access(sectionAccess.home),
      lazy: view(
        () => import('../routes/home.tsx'),
        (m) => m.HomeRoute,
      ),
    },
    {
      handle: access(sectionAccess.lead),
      children: [
        {
          path: p.lead,
          lazy: view(
            () => import('../routes/lead/lead-sheet.tsx'),
            (m) => m.LeadSheetRoute,
          ),
        },
        {
          path: p.leadAppointment,
          lazy: view(
            () => import('../routes/lead/appointment.tsx'),
            (m) => m.LeadAppointmentRoute,
          ),
        },
      ],
    },
    {
      path: p.users,
      handle: access(sectionAccess.users),
      lazy: view(
        () => import('../routes/utilisateurs.tsx'),
        (m) => m.UsersRoute,
      ),
    },
    {
      handle: access(sectionAccess.integration),
      children: [
        {
          path: p.integration.integrate,
          lazy: view(
            () => import('../routes/integration/integrate.tsx'),
            (m) => m.IntegrationIntegrateRoute,
          ),
        },
        {
          path: p.integration.history,
          lazy: view(
            () => import('../routes/integration/history.tsx'),
            (m) => m.IntegrationHistoryRoute,
          ),
        },
      ],
    },
    {
      handle: access(sectionAccess.activity),
      children: [
        {
          path: p.activity.overview,
          lazy: view(
            () => import('../routes/activity/overview.tsx'),
            (m) => m.ActivityOverviewRoute,
          ),
        },
        {
          path: p.activity.statsTeleops,
          lazy: view(
            () => import('../routes/activity/stats-teleops.tsx'),
            (m) => m.ActivityStatsTeleopsRoute,
          ),
        },
        {
          path: p.activity.teleopsTimeline,
          lazy: view(
            () => import('../routes/activity/teleops-timeline.tsx'),
            (m) => m.ActivityTeleopsTimelineRoute,
          ),
        },
        {
          path: p.activity.gamification,
          lazy: view(
            () => import('../routes/activity/gamification.tsx'),
            (m) => m.ActivityGamificationRoute,
          ),
        },
        {
          path: p.activity.leadsFollowUp,
          lazy: view(
            () => import('../routes/activity/leads-follow-up.tsx'),
            (m) => m.ActivityLeadsFollowUpRoute,
          ),
        },
      ],
    },
    {
      handle: access(sectionAccess.backoffice),
      children: [
        {
          path: p.backoffice.configuration,
          lazy: view(
            () => import('../routes/backoffice/configuration.tsx'),
            (m) => m.BackofficeConfigurationRoute,
          ),
        },
        {
          path: p.backoffice.missions,
          lazy: view(
            () => import('../routes/backoffice/missions.tsx'),
            (m) => m.BackofficeMissionsRoute,
          ),
        },
        {
          path: p.backoffice.markets,
          lazy: view(
            () => import('../routes/backoffice/marches.tsx'),
            (m) => m.BackofficeMarketsRoute,
          ),
        },
        {
          path: p.backoffice.tags,
          lazy: view(
            () => import('../routes/backoffice/tags.tsx'),
            (m) => m.BackofficeTagsRoute,
          ),
        },
        {
          path: p.backoffice.sms,
          lazy: view(
            () => import('../routes/backoffice/sms.tsx'),
            (m) => m.BackofficeSmsRoute,
          ),
        },
        {
          path: p.backoffice.callProcesses,
          lazy: view(
            () => import('../routes/backoffice/call-process.tsx'),
            (m) => m.BackofficeCallProcessesRoute,
          ),
        },
        {
          path: p.backoffice.callProcess,
          lazy: view(
            () => import('../routes/backoffice/call-process-detail.tsx'),
            (m) => m.BackofficeCallProcessRoute,
          ),
        },
        {
          path: p.backoffice.mails,
          lazy: view(
            () => import('../routes/backoffice/mails.tsx'),
            (m) => m.BackofficeMailsRoute,
          ),
        },
        {
          path: p.backoffice.crons,
          lazy: view(
            () => import('../routes/backoffice/crons.tsx'),
            (m) => m.BackofficeCronsRoute,
          ),
        },
        {
          path: p.backoffice.teams,
          lazy: view(
            () => import('../routes/backoffice/teams.tsx'),
            (m) => m.BackofficeTeamsRoute,
          ),
        },
        {
          path: p.backoffice.aircallWebhooksStatus,
          lazy: view(
            () => import('../routes/backoffice/aircall-webhooks-status.tsx'),
            (m) => m.BackofficeAircallWebhooksStatusRoute,
          ),
        },
      ],
    },
    {
      handle: access(sectionAccess.affectations),
      children: [
        {
          path: p.affectations.missions,
          lazy: view(
            () => import('../routes/affectations/missions.tsx'),
            (m) => m.AffectationsMissionsRoute,
          ),
        },
        {
          path: p.affectations.mission,
          lazy: view(
            () => import('../routes/affectations/mission.tsx'),
            (m) => m.AffectationsMissionRoute,
          ),
        },
        {
          path: p.affectations.teams,
          lazy: view(
            () => import('../routes/affectations/teams.tsx'),
            (m) => m.AffectationsTeamsRoute,
          ),
        },
      ],
    },
    {
      path: p.extractions,
      handle: access(sectionAccess.extractions),
      lazy: view(
        () => import('../routes/extractions.tsx'),
        (m) => m.ExtractionsRoute,
      ),
    },
    {
      handle: access(sectionAccess.dev),
      children: [
        {
          path: p.dev.callCenterActivity,
          lazy: view(
            () => import('../routes/dev/call-center-activity.tsx'),
            (m) => m.DevCallCenterActivityRoute,
          ),
        },
        {
          path: p.dev.monitor,
          lazy: view(
            () => import('../routes/dev/monitor.tsx'),
            (m) => m.DevMonitorRoute,
          ),
        },
        {
          path: p.dev.uatSettings,
          lazy: view(
            () => import('../routes/dev/uat-settings.tsx'),
            (m) => m.DevUatSettingsRoute,
          ),
        },
      ],
    },
  ]
}

/** The route table, shared by the browser router and the tests' memory routers. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      // Wraps public and private pages: the blocking overlay and dev tools show on every page.
      element: <RootLayout />,
      errorElement: <RouteErrorView />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          // Public pages: a light layout, no session required (spec §2).
          lazy: view(
            () => import('./layouts/public-layout.tsx'),
            (m) => m.PublicLayout,
          ),
          children: [
            {
              path: p.login,
              lazy: view(
                () => import('../routes/login.tsx'),
                (m) => m.LoginRoute,
              ),
            },
            {
              path: p.forgotPassword,
              lazy: view(
                () => import('../routes/forgot-password.tsx'),
                (m) => m.ForgotPasswordRoute,
              ),
            },
            {
              path: p.resetPassword,
              lazy: view(
                () => import('../routes/reset-password.tsx'),
                (m) => m.ResetPasswordRoute,
              ),
            },
            {
              path: p.notFound,
              lazy: view(
                () => import('../routes/not-found.tsx'),
                (m) => m.NotFoundRoute,
              ),
            },
          ],
        },
        {
          loader: requireUser(queryClient),
          lazy: view(
            () => import('./layouts/main-layout.tsx'),
            (m) => m.MainLayout,
          ),
          children: mainLayoutChildren(),
        },
        {
          // The leaderboard is meant for a wall screen: signed in, but no navigation chrome.
          loader: requireUser(queryClient),
          lazy: view(
            () => import('./layouts/fullscreen-layout.tsx'),
            (m) => m.FullscreenLayout,
          ),
          children: [
            {
              path: p.activity.leaderboard,
              handle: access(sectionAccess.leaderboard),
              lazy: view(
                () => import('../routes/activity/leaderboard.tsx'),
                (m) => m.ActivityLeaderboardRoute,
              ),
            },
          ],
        },
        // Spec §2: any unknown path redirects to /404.
        { path: '*', ...redirectTo(paths.notFound()) },
      ],
    },
  ]
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient))
}
