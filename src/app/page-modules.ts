// The lazy modules of every page outside the public layout (the signed-in pages, the wall display)
// and of their layouts. A chunk of its own (issue #27): this map, its preload lists (one per page)
// and the modules' paths (src/contracts/route-modules.ts) stay out of the first visit of /login; the
// server's shell preloads it for a landing on one of those pages (server/lib/shell.ts
// PAGE_MAP_MODULE). The public pages' loaders are in router.tsx.
import type { ComponentType } from 'react'
import { layoutModule, routeModule } from '../contracts/route-modules.ts'
import type { LayoutId, RouteId } from '../contracts/routes.ts'
import type { RouteModule } from './router.tsx'

/** Keyed `/src/<module>`, as Vite names them. */
export const pageRouteModules = import.meta.glob<RouteModule>([
  '/src/routes/**/*.tsx',
  '!/src/routes/**/*.test.tsx',
  '!/src/routes/{login,forgot-password,reset-password,not-found}.tsx',
])

export const pageLayoutModules = import.meta.glob<Record<string, ComponentType>>([
  '/src/app/layouts/*-layout.tsx',
  '!/src/app/layouts/{root,public}-layout.tsx',
])

function loaderOf<M>(modules: Record<string, () => Promise<M>>, key: string): () => Promise<M> {
  const load = modules[key]
  if (!load) throw new Error(`Route table: no module ${key}`)
  return load
}

export function loadPageModule(id: RouteId): Promise<RouteModule> {
  return loaderOf(pageRouteModules, `/src/${routeModule(id)}`)()
}

export function loadLayoutModule(layout: LayoutId): Promise<Record<string, ComponentType>> {
  return loaderOf(pageLayoutModules, `/src/${layoutModule(layout)}`)()
}
