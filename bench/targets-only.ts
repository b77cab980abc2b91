// Only the benchmarks behind the table of targets (bench/targets.ts, issue #27), then the table: after a
// build (`vite build`), `node bench/targets-only.ts`. The whole `npm run bench` ends with the same table.
import { measureBundle } from './bundle-size.ts'
import { measureApi } from './api-throughput.ts'
import { measureLive } from './live-fanout.ts'
import { measureFind } from './lead-find.ts'
import { measureSearch } from './lead-search.ts'
import { measurePwaLoad } from './pwa-load.ts'
import { targetTable } from './targets.ts'

const results: Record<string, number> = {}
Object.assign(results, await measureBundle())
Object.assign(results, await measureApi())
Object.assign(results, await measureLive())
Object.assign(results, await measureFind())
Object.assign(results, await measureSearch())
Object.assign(results, await (await import('./import-floor.ts')).measureImportFloor())
Object.assign(results, await measurePwaLoad())
const table = targetTable(results)
console.log(`\n## Targets (${table.missed} missed, ${table.unmeasured} not measured)`)
for (const line of table.lines) console.log(line)
