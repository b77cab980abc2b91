// npm run bench: builds nothing itself (run `npm run build` first, done by the npm script), then
// runs each benchmark and prints its figures. Benchmarks compare against a baseline in the same run.
import { measureBundle } from './bundle-size.ts'
import { measureApi } from './api-throughput.ts'
import { measureLive } from './live-fanout.ts'
import { measureFind } from './lead-find.ts'
import { measureSearch } from './lead-search.ts'
import { measureExtraction } from './extraction.ts'
import { measureImport } from './import.ts'
import { measurePwaLoad } from './pwa-load.ts'
import { measureSignIn } from './sign-in.ts'
import { measureUsersList } from './users-list.ts'
import { targetTable } from './targets.ts'

const results: Record<string, number> = {}
Object.assign(results, await measureBundle())
Object.assign(results, await measureApi())
Object.assign(results, await measureLive())
Object.assign(results, await measureFind())
Object.assign(results, await measureSearch())
Object.assign(results, await measureExtraction())
Object.assign(results, await measureImport())
Object.assign(results, await (await import('./import-floor.ts')).measureImportFloor())
Object.assign(results, await (await import('./upload-stall.ts')).measureUploadStall())
Object.assign(results, await measureUsersList())
Object.assign(results, await (await import('./activity-stats.ts')).measureActivityStats())
Object.assign(results, await (await import('./gamification-cost.ts')).measureGamificationCost())
Object.assign(results, await (await import('./leaderboard.ts')).measureLeaderboard())
Object.assign(results, await (await import('./floor.ts')).measureFloor())
Object.assign(results, await measureSignIn())
Object.assign(results, await measurePwaLoad())
Object.assign(results, await (await import('./lead-chain.ts')).measureLeadChain())
console.log('\n## Summary (JSON)')
console.log(JSON.stringify(results, null, 2))
// Issue #27 point 5: one table of every target, met or missed.
const table = targetTable(results)
console.log(`\n## Targets (${table.missed} missed, ${table.unmeasured} not measured)`)
for (const line of table.lines) console.log(line)
