// Only the PWA load benchmark of `npm run bench` (bench/pwa-load.ts: warm reload, cold /login,
// Lighthouse): after a build (`vite build`), `node bench/pwa-load-only.ts`.
import { measurePwaLoad } from './pwa-load.ts'

console.log(JSON.stringify(await measurePwaLoad(), null, 2))
