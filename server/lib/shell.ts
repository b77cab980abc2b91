// The HTML shell of app routes (issue #5, first-visit speed). index.html announces only the entry;
// the layout and view of the page asked for are lazy chunks the browser would discover only once
// the entry has run — one more round trip before anything shows. The shell names them up front
// (modulepreload and stylesheet links, read from Vite's manifest) and, for a signed-in visitor,
// embeds the answers of GET /api/user/me and GET /api/config, so the first render waits on no
// request. Vite's preload helper skips chunks and stylesheets the document already links.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { existsIn, matchRoute } from '../../src/contracts/app-paths.ts'
import type { AppEnv } from '../../src/contracts/roles.ts'
import {
  FALLBACK_ROUTE,
  INDEX_ROUTE,
  ROUTE_IDS,
  LAYOUTS,
  isPrivate,
  routeOf,
  type RouteId,
} from '../../src/contracts/routes.ts'
import { layoutModule, routeModule } from '../../src/contracts/route-modules.ts'
import { FIRST_PAINT_FILES } from '../../src/contracts/first-paint.ts'

/** The repository's root, where the copies of the pages painted before the JavaScript are (issue #27). */
const REPOSITORY = path.resolve(import.meta.dirname, '../..')

type ManifestChunk = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>

/** A source module of the client, as Vite's manifest names it. */
const source = (module: string) => `src/${module}`

/**
 * The client's offline layer (src/pwa/offline-boot.ts), a chunk of its own that the boot awaits
 * before the first render when someone holds the session (issue #27): preloaded for a signed-in
 * visitor, never for a signed-out one (the first visit of /login loads it at a sign-in).
 */
export const SIGNED_IN_BOOT_MODULE = 'src/pwa/offline-boot.ts'
/** The map of every page outside the public layout (src/app/page-modules.ts), a chunk of its own. */
export const PAGE_MAP_MODULE = 'src/app/page-modules.ts'

/** Every source module the shell may name (a test checks they exist, so a rename cannot go unseen). */
export const SHELL_MODULES = [
  ...LAYOUTS.map((layout) => source(layoutModule(layout))),
  ...ROUTE_IDS.map((id) => source(routeModule(id))),
  SIGNED_IN_BOOT_MODULE,
  PAGE_MAP_MODULE,
]

/** The layout module and the route module of `id`. */
function modulesOf(id: RouteId): string[] {
  const { layout } = routeOf(id)
  return [source(layoutModule(layout)), source(routeModule(id))]
}

/**
 * The page `pathname` opens in `appEnv`, or null when it opens none: an unknown path, or a
 * developer page in production (issue #26, `existsIn`).
 */
export function pageOf(pathname: string, appEnv: AppEnv): RouteId | null {
  const path = withoutTrailingSlashes(pathname)
  const id = path === '' ? INDEX_ROUTE : matchRoute(path)
  return id !== null && existsIn(id, appEnv) ? id : null
}

/**
 * The page the first paint of `pathname` shows, from the route table (src/contracts/routes.ts). A
 * signed-out visitor of a private page is sent to /login, so that is what they get; a path that
 * opens no page is sent to /404.
 */
function landingPage(pathname: string, signedIn: boolean, appEnv: AppEnv): RouteId {
  const id = pageOf(pathname, appEnv) ?? FALLBACK_ROUTE
  return !signedIn && isPrivate(routeOf(id).layout) ? 'login' : id
}

/** The layout and route modules of the page the first paint of `pathname` shows. */
export function landingModules(pathname: string, signedIn: boolean, appEnv: AppEnv): string[] {
  return modulesOf(landingPage(pathname, signedIn, appEnv))
}

/** Everything the first paint of `pathname` loads beyond index.html's entry. */
export function firstPaintModules(pathname: string, signedIn: boolean, appEnv: AppEnv): string[] {
  const id = landingPage(pathname, signedIn, appEnv)
  const publicPage = routeOf(id).layout === 'public'
  return [
    ...(signedIn ? [SIGNED_IN_BOOT_MODULE] : []),
    ...(publicPage ? [] : [PAGE_MAP_MODULE]),
    ...modulesOf(id),
  ]
}

/** A linear trim (issue #17: `/\/+$/` is quadratic on a long run of slashes not at the end). */
function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length
  while (end > 0 && pathname[end - 1] === '/') end--
  return pathname.slice(0, end)
}

/** The chunks (with their static imports) and stylesheets of `modules`, minus what `skip` holds. */
export function assetsOf(
  manifest: Manifest,
  modules: string[],
  skip: ReadonlySet<string>,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = []
  const styles: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    for (const dependency of chunk.imports ?? []) visit(dependency)
    const file = `/${chunk.file}`
    if (!skip.has(file) && !scripts.includes(file)) scripts.push(file)
    for (const css of chunk.css ?? [])
      if (!skip.has(`/${css}`) && !styles.includes(`/${css}`)) styles.push(`/${css}`)
  }
  for (const module of modules) visit(module)
  return { scripts, styles }
}

/**
 * A painted page's JavaScript is fetched and run after the browser has shown the paint
 * (public/first-paint.js): the entry script and every modulepreload of the head become a list on a
 * small script, which, once a frame has been drawn (a hidden tab, which gets no frames: after 500 ms),
 * preloads them and imports the entry. Fetched from the head, the scripts (five times the HTML and
 * CSS) compete with the stylesheets on a slow link, and locally the entry would run before the first
 * frame. That script is shipped as written: its comment is one line.
 */
export function afterFirstPaint(head: string): string {
  const preloads: string[] = []
  const kept = head.split('\n').filter((line) => {
    const link = line.trim()
    const isPreload = link.startsWith(MODULE_PRELOAD) && link.endsWith('">')
    if (isPreload) preloads.push(link.slice(MODULE_PRELOAD.length, -'">'.length))
    return !isPreload
  })
  return kept
    .join('\n')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, entry: string) =>
        `<script type="module" src="${FIRST_PAINT_SCRIPT}" data-entry="${entry}" data-preload="${[entry, ...preloads].join(' ')}"></script>`,
    )
}

const MODULE_PRELOAD = '<link rel="modulepreload" crossorigin href="'

/** The script a painted page loads on top of the shell's (public/first-paint.js). */
export const FIRST_PAINT_SCRIPT = '/first-paint.js'

/** Whether the page at `pathname` is served painted (the sign-in form, to a signed-out visitor). */
export function isPainted(pathname: string, signedIn: boolean, appEnv: AppEnv): boolean {
  return !signedIn && landingPage(pathname, signedIn, appEnv) === 'login'
}

/** JSON safe inside a <script> element: no `<` can close it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export type BootstrapData = { me: unknown; config: unknown }

export type Shell = {
  /** The page's HTML, and its status: 404 when the path opens no page (the 404 page's shell). */
  render: (
    pathname: string,
    options: { signedIn: boolean; bootstrap: BootstrapData | null },
  ) => { status: 200 | 404; html: string }
}

/** The shell of `clientDir` (the build) in `appEnv`, or null when it has no index.html. */
export function loadShell(clientDir: string, appEnv: AppEnv): Shell | null {
  const indexPath = path.join(clientDir, 'index.html')
  if (!existsSync(indexPath)) return null
  const html = readFileSync(indexPath, 'utf8')
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json')
  const manifest: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : {}
  // What index.html already links (the entry and its chunk, the main stylesheet).
  const linked = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!))
  const headEnd = html.indexOf('</head>')
  const rootEnd = html.indexOf('<div id="root"></div>') + '<div id="root"></div>'.length
  const statusOf = (pathname: string) => (pageOf(pathname, appEnv) === null ? 404 : 200)
  // Issue #27 point 4: the sign-in form is in the HTML, so it paints before the JavaScript has run
  // (the client keeps what is typed into it meanwhile).
  const loginPath = path.join(REPOSITORY, FIRST_PAINT_FILES.login)
  const loginPaint = existsSync(loginPath) ? readFileSync(loginPath, 'utf8') : ''
  if (headEnd < 0 || rootEnd < '<div id="root"></div>'.length)
    return { render: (pathname) => ({ status: statusOf(pathname), html }) }
  const cache = new Map<string, string>()
  const linksFor = (modules: string[]) => {
    const key = modules.join('|')
    let links = cache.get(key)
    if (links === undefined) {
      const { scripts, styles } = assetsOf(manifest, modules, linked)
      links =
        styles.map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`).join('') +
        scripts.map((href) => `\n    <link rel="modulepreload" crossorigin href="${href}">`).join('')
      cache.set(key, links)
    }
    return links
  }
  return {
    render(pathname, { signedIn, bootstrap }) {
      const links = linksFor(firstPaintModules(pathname, signedIn, appEnv))
      const data = bootstrap
        ? `\n    <script id="bootstrap-data" type="application/json">${scriptSafeJson(bootstrap)}</script>`
        : ''
      const paint = isPainted(pathname, signedIn, appEnv) ? loginPaint : ''
      const rootStart = rootEnd - '</div>'.length
      const head = html.slice(0, headEnd) + links
      return {
        status: statusOf(pathname),
        html:
          (paint ? afterFirstPaint(head) : head) +
          '\n  ' +
          html.slice(headEnd, rootStart) +
          paint +
          html.slice(rootStart, rootEnd) +
          data +
          html.slice(rootEnd),
      }
    },
  }
}
