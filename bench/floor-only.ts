// Only the simulated-floor benchmark of `npm run bench` (bench/floor.ts): after a build (`vite build`),
// `flock /tmp/e2e.lock ./node_modules/.bin/node bench/floor-only.ts`; a smoke run with
// `BENCH_FLOOR_SECONDS=10 BENCH_FLOOR_AGENTS=5`.
import { measureFloor } from './floor.ts'

const results = await measureFloor()
console.log('\n## Summary (JSON)')
console.log(JSON.stringify(results, null, 2))
