// The HTML shell of app routes (issue #5, first-visit speed). index.html announces only the entry;
// the layout and view of the page asked for are lazy chunks the browser would discover only once
// the entry has run — one more round trip before anything shows. The shell names them up front
// (modulepreload and stylesheet links, read from Vite's manifest) and, for a signed-in visitor,
// embeds the answers of GET /api/user/me and GET /api/config, so the first render waits on no
// request. Vite's preload helper skips chunks and stylesheets the document already links.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

type ManifestChunk = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>

const PUBLIC_LAYOUT = 'src/app/layouts/public-layout.tsx'
const MAIN_LAYOUT = 'src/app/layouts/main-layout.tsx'

/** Public pages and their views (src/app/paths.ts, src/app/router.tsx). */
const PUBLIC_VIEWS: Record<string, string> = {
  '/login': 'src/routes/login.tsx',
  '/forgot-password': 'src/routes/forgot-password.tsx',
  '/reset-password': 'src/routes/reset-password.tsx',
}

/** The private pages people land on, by path pattern, and their views. */
const PRIVATE_VIEWS: { pattern: RegExp; module: string }[] = [
  { pattern: /^\/(home)?$/, module: 'src/routes/home.tsx' },
  { pattern: /^\/lead\/[^/]+$/, module: 'src/routes/lead/lead-sheet.tsx' },
]

/** Every source module the shell may name (a test checks they exist, so a rename cannot go unseen). */
export const SHELL_MODULES = [
  PUBLIC_LAYOUT,
  MAIN_LAYOUT,
  ...Object.values(PUBLIC_VIEWS),
  ...PRIVATE_VIEWS.map((view) => view.module),
]

/**
 * The source modules the first paint of `pathname` needs. A signed-out visitor of a private page
 * is sent to /login, so that is what they get.
 */
export function landingModules(pathname: string, signedIn: boolean): string[] {
  const publicView = PUBLIC_VIEWS[withoutTrailingSlashes(pathname) || '/']
  if (publicView) return [PUBLIC_LAYOUT, publicView]
  if (!signedIn) return [PUBLIC_LAYOUT, PUBLIC_VIEWS['/login']!]
  const view = PRIVATE_VIEWS.find(({ pattern }) => pattern.test(pathname))
  return view ? [MAIN_LAYOUT, view.module] : [MAIN_LAYOUT]
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

/** JSON safe inside a <script> element: no `<` can close it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export type BootstrapData = { me: unknown; config: unknown }

export type Shell = {
  render: (pathname: string, options: { signedIn: boolean; bootstrap: BootstrapData | null }) => string
}

/** The shell of `clientDir` (the build), or null when it has no index.html. */
export function loadShell(clientDir: string): Shell | null {
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
  if (headEnd < 0 || rootEnd < '<div id="root"></div>'.length) return { render: () => html }
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
      const links = linksFor(landingModules(pathname, signedIn))
      const data = bootstrap
        ? `\n    <script id="bootstrap-data" type="application/json">${scriptSafeJson(bootstrap)}</script>`
        : ''
      return (
        html.slice(0, headEnd) + links + '\n  ' + html.slice(headEnd, rootEnd) + data + html.slice(rootEnd)
      )
    },
  }
}
