// Every route of spec §2 (react-router 7, data mode), built from the one route table
// (src/contracts/routes.ts). Each view is its own chunk (`lazy`); only the root layout is in the
// entry, so a first visit to /login loads the login chunk and nothing private. A route module
// exports `Component` and, when its screen has data, `clientLoader(queryClient, access)`, which starts
// the screen's queries as soon as the route is matched for a user its access rule lets in. Who may
// open what: `handle.access`.
import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import {
  createBrowserRouter,
  redirect,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom'
import { authQueries } from '../api/auth.ts'
import { configQueries } from '../api/config.ts'
import { existsIn, paths } from '../contracts/app-paths.ts'
import { sectionAccess, type RouteAccess, type RouteHandle } from '../contracts/route-access.ts'
import {
  FALLBACK_ROUTE,
  INDEX_ROUTE,
  ROUTE_IDS,
  LAYOUTS,
  isPrivate,
  routeOf,
  type LayoutId,
  type RouteId,
} from '../contracts/routes.ts'
import { RootLayout } from './layouts/root-layout.tsx'
import { RouteErrorView } from './layouts/route-error-view.tsx'
import { PageLoading } from './layouts/page-loading.tsx'

/** What a route module (src/routes/) exports. */
export type RouteModule = {
  Component: ComponentType
  clientLoader?: (queryClient: QueryClient, access?: RouteAccess) => LoaderFunction
}

// Each page and layout is a lazy chunk. The public pages' loaders are here; every other page's (and
// layout's) are in a chunk of their own loaded with the first of them (src/app/page-modules.ts;
// issue #27: neither that map nor the modules' paths are part of the first visit of /login). The root
// layout is in the entry.
const PUBLIC_PAGES: Partial<Record<RouteId, () => Promise<RouteModule>>> = {
  login: () => import('../routes/login.tsx'),
  forgotPassword: () => import('../routes/forgot-password.tsx'),
  resetPassword: () => import('../routes/reset-password.tsx'),
  notFound: () => import('../routes/not-found.tsx'),
}
const loadPublicLayout = () => import('./layouts/public-layout.tsx')
const pageModules = () => import('./page-modules.ts')

/** The component each layout module exports. */
const LAYOUT_COMPONENTS = {
  public: 'PublicLayout',
  main: 'MainLayout',
  fullscreen: 'FullscreenLayout',
  display: 'DisplayLayout',
} as const satisfies Record<LayoutId, string>

/** Loads the module of page `id`: a public page's own chunk, or any other through the pages' map. */
function loadPage(id: RouteId): Promise<RouteModule> {
  return PUBLIC_PAGES[id]?.() ?? pageModules().then(({ loadPageModule }) => loadPageModule(id))
}

/** Loads the module of `layout`. */
function loadLayout(layout: LayoutId): Promise<Record<string, ComponentType>> {
  if (layout === 'public') return loadPublicLayout()
  return pageModules().then(({ loadLayoutModule }) => loadLayoutModule(layout))
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

/**
 * Whether page `id` exists in this environment (issue #26: developer pages do not in production).
 * Without a known configuration it does not: a developer page stays closed rather than load.
 */
async function existsHere(id: RouteId, queryClient: QueryClient): Promise<boolean> {
  if (existsIn(id, 'production')) return true
  const config = await queryClient.ensureQueryData(configQueries.app()).catch(() => null)
  return config !== null && existsIn(id, config.appEnv)
}

function pageRoute(id: RouteId, queryClient: QueryClient): RouteObject {
  const { path, access } = routeOf(id)
  const handle: RouteHandle | undefined = access ? { access: sectionAccess[access] } : undefined
  return {
    id,
    path,
    handle,
    lazy: async () => {
      // A page that does not exist here is an unknown path: /404, and its module is never loaded.
      if (!(await existsHere(id, queryClient))) return redirectTo(routeOf(FALLBACK_ROUTE).path)
      const { Component, clientLoader } = await loadPage(id)
      return clientLoader ? { Component, loader: clientLoader(queryClient, handle?.access) } : { Component }
    },
  }
}

function layoutRoute(layout: LayoutId, queryClient: QueryClient): RouteObject {
  const children = ROUTE_IDS.filter((id) => routeOf(id).layout === layout).map((id) =>
    pageRoute(id, queryClient),
  )
  // `/` leads to the index route inside its layout, behind the same guard.
  if (routeOf(INDEX_ROUTE).layout === layout)
    children.unshift({ path: '/', ...redirectTo(paths[INDEX_ROUTE]()) })
  return {
    loader: isPrivate(layout) ? requireUser(queryClient) : undefined,
    lazy: async () => ({ Component: (await loadLayout(layout))[LAYOUT_COMPONENTS[layout]] }),
    children,
  }
}

/** A route that only redirects (its loader runs before anything renders). */
function redirectTo(to: string) {
  return { loader: () => redirect(to), element: null }
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
        ...LAYOUTS.map((layout) => layoutRoute(layout, queryClient)),
        // Spec §2: any unknown path redirects to /404.
        { path: '*', ...redirectTo(routeOf(FALLBACK_ROUTE).path) },
      ],
    },
  ]
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient))
}
