// Only the import-beside-the-floor benchmark of `npm run bench` (bench/import-floor.ts, issue #30
// point 4), then its lines of the table of targets: after a build (`vite build`),
// `./node_modules/.bin/node bench/import-floor-only.ts` (BENCH_IMPORT_FLOOR_ROUNDS=1 for a smoke run).
import { measureImportFloor } from './import-floor.ts'
import { TARGETS, targetTable } from './targets.ts'

const results = await measureImportFloor()
console.log('\n## Summary (JSON)')
console.log(JSON.stringify(results, null, 2))
const table = targetTable(
  results,
  TARGETS.filter((target) => target.value(results) !== undefined),
)
for (const line of table.lines) console.log(line)
