import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'

const apiTarget = process.env.API_URL ?? 'http://localhost:3000'

/**
 * The build's identity (issue #5): part of the persisted query cache's buster (a new build never
 * restores data shaped by the previous one) and compiled into sw.js. BUILD_ID when set (CI, the
 * end-to-end update test), else the package version and the commit.
 */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return `${version}+${commit.trim()}`
  } catch {
    return version
  }
}

/** Renames the worker build's `inlineDynamicImports: true` to rolldown's `codeSplitting: false`. */
function workerOutputWithoutDeprecation(): Plugin {
  return {
    name: 'worker-output-without-deprecation',
    config(config) {
      const output = config.build?.rollupOptions?.output
      if (!output || Array.isArray(output) || !('inlineDynamicImports' in output)) return
      const { inlineDynamicImports, ...rest } = output
      config.build!.rollupOptions!.output = { ...rest, codeSplitting: !inlineDynamicImports }
    },
  }
}

export default defineConfig({
  // Also applied to the service worker's own build (vite-plugin-pwa copies `define`).
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The manifest is a committed file (public/manifest.webmanifest), not generated.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // vite-plugin-pwa builds the worker with `output.inlineDynamicImports`, which Vite 8 (rolldown)
        // reports as deprecated at every build: the same setting under its new name.
        buildPlugins: { vite: [workerOutputWithoutDeprecation()] },
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: {
    target: 'es2023',
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk, rather than each module shared with a
          // lazy route hoisted into a chunk of its own (it was 23 requests before any paint).
          // Then two chunks instead of a dozen of 0.2–4 KB for the landing pages' lazy parts: what the
          // sign-in form shares with the private pages, and what every private page needs.
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            {
              name: 'forms',
              priority: 2,
              // The sign-in form's strings, the form error and the public layout: the private group would otherwise
              // take the strings along with the composed `fr` its modules import, and /login would load
              // that whole chunk; the other two would be chunks of 0.1–0.3 KB (issue #27).
              test: /[\\/]src[\\/](components[\\/]ui[\\/](button|page-title|text-field|form-error)|i18n[\\/]fr[\\/]sign-in|features[\\/]auth[\\/]form-error|app[\\/]layouts[\\/]public-layout)\./,
            },
            {
              name: 'query',
              priority: 2,
              // TanStack Query's hooks and observers (the client and caches are in the entry): one chunk
              // for every page that observes a query, not part of the first visit of /login (issue #27:
              // the sign-in form runs its mutation through the cache). TanStack Query only: the back
              // office's table (@tanstack/react-table, table-core, store) stays in its lazy chunk
              // (issue #12). Not the (de)hydration the offline layer alone uses (its own chunk).
              test: /[\\/]node_modules[\\/]@tanstack[\\/](?:react-query|query-core)[\\/](?!build[\\/]modern[\\/]hydration)/,
            },
            {
              name: 'private',
              priority: 1,
              // The agent side's resources only, by name: the back office's (teams, users' admin, missions,
              // markets, tags, call processes, configuration, assignments, audit) are imported by its
              // lazy screens alone, and this chunk loads on every private page (/home included).
              // Issue #14: "Ma journée"'s resource and award icons (home, the live mapping and the
              // gamification screen share them; else two sub-300-byte chunks on /home's first visit).
              // `i18n/format.ts` only: the activity screens' `i18n/format-figures.ts` stays in their chunks.
              test: /[\\/]src[\\/](api[\\/](?:appointments|auth|calls|client|config|deferral|dev|error-message|gamification|leads|mutation-meta|navigation-port|push|users)\.|stores[\\/]|i18n[\\/]format\.|components[\\/]ui[\\/](?:modal|award-icon)|app[\\/]layouts[\\/]use-route-access|pwa[\\/](push-subscription|deferred-changes|outbox))/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
})
