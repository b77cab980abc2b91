// The size gate of `npm test` (issue #27 "a gate so it cannot come back"): after the build the
// end-to-end tests make, every budget of bench/bundle-budgets.ts is checked against the build, and a
// miss fails the run. Sizes are gzip -9 of the files a page really loads: the HTML shell's scripts
// (index.html) plus the chunks the server's shell preloads for the landing route (server/lib/shell.ts,
// the same code), so the figure is the bench's browser measurement without a browser. The same gate
// fails when back-office, activity or chart code reaches the first visit of /login or /home.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { layoutModule, routeModule } from '../src/contracts/route-modules.ts'
import { ROUTE_IDS, isPrivate, routeOf, type RouteId } from '../src/contracts/routes.ts'
import { assetsOf, FIRST_PAINT_SCRIPT, firstPaintModules, isPainted } from '../server/lib/shell.ts'
import { BUNDLE_BUDGETS, type BudgetName } from './bundle-budgets.ts'

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/** Modules only the back office uses (its features, screens and API resources). */
export const BACK_OFFICE_MODULE =
  /src\/(?:features\/(?:backoffice|assignments)\/|routes\/(?:backoffice\/|affectations\/|utilisateurs)|api\/(?:teams|audit|user-admin|missions|markets|configuration|tags|tag-catalogue|call-processes|assignments)\.ts)/
/** The managers' activity screens and the charting library they alone load (issue #14). */
export const ACTIVITY_MODULE =
  /src\/(?:features\/activity\/|api\/activity\.ts|i18n\/(?:fr\/activity|format-figures)\.ts)|node_modules\/(?:chart\.js|react-chartjs-2|@kurkle)\//
/** Everything that may never load before the user asks for it on /login or /home. */
const LAZY_ONLY = [
  { name: 'back office', pattern: BACK_OFFICE_MODULE },
  { name: 'activity / charts', pattern: ACTIVITY_MODULE },
  { name: 'full zod', pattern: /node_modules\/zod\/v4\/classic\// },
] as const

export type Measure = { name: string; bytes: number; files: string[] }
export type Verdict = Measure & { budget: number | undefined; ok: boolean }

function readBuild(dist: string) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  // What the HTML shell loads on every page: the entry and its static chunks.
  const entry = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"|rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ]
    .map((match) => (match[1] ?? match[2])!)
    .filter(Boolean)
  const sizes = new Map<string, number>()
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length)
    return sizes.get(file)!
  }
  return { manifest, entry, sizeOf }
}

function measure(name: string, files: Iterable<string>, sizeOf: (file: string) => number): Measure {
  const list = [...new Set(files)].sort()
  return { name, files: list, bytes: list.reduce((sum, file) => sum + sizeOf(file), 0) }
}

/** The scripts (relative to dist) of `modules` and their static imports. */
function scriptsOf(manifest: Manifest, modules: string[]): string[] {
  return assetsOf(manifest, modules, new Set()).scripts.map((file) => file.slice(1))
}

const routeModules = (id: RouteId) => [`src/${layoutModule(routeOf(id).layout)}`, `src/${routeModule(id)}`]

/** Every measure the budgets name, from the build in `dist`. */
export function measureBuild(dist: string): Measure[] {
  const { manifest, entry, sizeOf } = readBuild(dist)
  // The production build's pages, as production serves them.
  // A painted page (the sign-in form) also loads the script that starts the entry after the paint.
  const landing = (pathname: string, signedIn: boolean) => [
    ...entry,
    ...(isPainted(pathname, signedIn, 'production') ? [FIRST_PAINT_SCRIPT.slice(1)] : []),
    ...scriptsOf(manifest, firstPaintModules(pathname, signedIn, 'production')),
  ]
  const privateIds = ROUTE_IDS.filter(
    (id) => isPrivate(routeOf(id).layout) && `src/${routeModule(id)}` in manifest,
  )
  // The chunks every signed-in page loads beyond the entry: common to all private routes.
  const closures = privateIds.map((id) => new Set(scriptsOf(manifest, routeModules(id))))
  const everyPrivate = [...closures[0]!].filter(
    (file) => !entry.includes(file) && closures.every((set) => set.has(file)),
  )
  const shared = new Set([...entry, ...everyPrivate])
  const measures = [
    measure('login', landing('/login', false), sizeOf),
    measure('home', landing('/home', true), sizeOf),
    measure('private', everyPrivate, sizeOf),
    measure('sw', ['sw.js'], sizeOf),
  ]
  for (const id of ROUTE_IDS) {
    const own = scriptsOf(manifest, routeModules(id)).filter((file) => !shared.has(file))
    measures.push(measure(`route:${id}`, own, sizeOf))
  }
  return measures
}

/** Lazy-only sources bundled into the first visit of /login or /home (by the build's source maps). */
export function leaks(dist: string, measures: Measure[]): string[] {
  const landing = measures.filter((entry) => entry.name === 'login' || entry.name === 'home')
  const files = new Set(landing.flatMap((entry) => entry.files))
  return [...files].flatMap((file) => {
    const map = path.join(dist, `${file}.map`)
    if (!existsSync(map)) return []
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }
    return LAZY_ONLY.flatMap(({ name, pattern }) =>
      sources.filter((source) => pattern.test(source)).map((source) => `${name}: ${source} in ${file}`),
    )
  })
}

/** Each measure against its budget; a measure without a budget is a miss (a new route declares one). */
export function judge(measures: Measure[], budgets: Readonly<Record<string, number>>): Verdict[] {
  return measures.map((entry) => {
    const budget = budgets[entry.name as BudgetName]
    return { ...entry, budget, ok: budget !== undefined && entry.bytes <= budget * 1024 }
  })
}

/** Prints the table and returns the process exit code (1 on any miss or leak). */
export function runGate(
  dist: string,
  budgets: Readonly<Record<string, number>> = BUNDLE_BUDGETS,
  out: Pick<Console, 'log' | 'error'> = console,
): number {
  const verdicts = judge(measureBuild(dist), budgets)
  const leaked = leaks(dist, verdicts)
  out.log('Bundle budgets (gzip -9, KB)')
  for (const { name, bytes, budget, ok } of verdicts)
    out.log(
      `  ${ok ? 'ok  ' : 'MISS'} ${name.padEnd(34)} ${(bytes / 1024).toFixed(1).padStart(7)} / ${budget ?? 'no budget'}`,
    )
  for (const line of leaked) out.log(`  LEAK ${line}`)
  const missed = verdicts.filter((verdict) => !verdict.ok)
  if (missed.length === 0 && leaked.length === 0) return 0
  out.error(
    `Bundle gate failed: ${missed.length} budget(s) missed, ${leaked.length} lazy-only module(s) on /login or /home (bench/bundle-budgets.ts).`,
  )
  return 1
}

if (import.meta.main) process.exitCode = runGate(path.resolve(process.argv[2] ?? 'dist'))
