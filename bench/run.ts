// npm run bench: builds nothing itself (run `npm run build` first, done by the npm script), then
// runs each benchmark and prints its figures. Benchmarks compare against a baseline in the same run.
import { measureBundle } from './bundle-size.ts'
import { measureApi } from './api-throughput.ts'
import { measureLive } from './live-fanout.ts'
import { measureFind } from './lead-find.ts'

const results: Record<string, number> = {}
Object.assign(results, await measureBundle())
Object.assign(results, await measureApi())
Object.assign(results, await measureLive())
Object.assign(results, await measureFind())
console.log('\n## Summary (JSON)')
console.log(JSON.stringify(results, null, 2))
