// Only the lead-search benchmark of `npm run bench` (bench/lead-search.ts), for work on search:
// `flock /tmp/e2e.lock ./node_modules/.bin/node bench/search-only.ts` after a build (`vite build`).
import { measureSearch } from './lead-search.ts'

const results = await measureSearch()
console.log('\n## Summary (JSON)')
console.log(JSON.stringify(results, null, 2))
