// Benchmark only (bench/gamification-cost.ts): loaded into a server process with
// `NODE_OPTIONS=--import <this file>`, it makes that process's `recordEvent`
// (server/domain/gamification/engine.ts) answer `null` at once — the server then runs every route as
// it did before the gamification rules, with nothing else changed. A module customization hook, so
// the product itself carries no switch. The hook thread loads this file too: it only exports `load`.
import { register } from 'node:module'
import { isMainThread } from 'node:worker_threads'

const ENGINE = '/server/domain/gamification/engine.ts'
const SIGNATURE = 'export async function recordEvent('

type LoadResult = { format: string; source?: string | ArrayBuffer | Uint8Array | null }
type NextLoad = (url: string, context: unknown) => Promise<LoadResult>

export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<LoadResult> {
  const result = await nextLoad(url, context)
  if (!url.endsWith(ENGINE) || result.source === null || result.source === undefined) return result
  const source = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source)
  const start = source.indexOf(SIGNATURE)
  // The body's opening brace: the first `{` that ends a line after the signature.
  const brace = start < 0 ? -1 : source.indexOf('{\n', start)
  if (brace < 0) throw new Error(`gamification-off: ${SIGNATURE} not found in ${url}`)
  return {
    ...result,
    source: `${source.slice(0, brace + 2)}  return null\n${source.slice(brace + 2)}`,
  }
}

if (isMainThread) register(import.meta.url)
