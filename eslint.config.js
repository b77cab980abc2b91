// ESLint flat config: typescript-eslint, react-hooks, French text only through src/i18n/fr.ts
// (no JSX string literals), and the layer boundaries of conventions §2 as import-x zones (§4).
import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'

// Zones are resolved from this file's folder, not the process's cwd (editors, the lint-config test).
const root = import.meta.dirname
const featuresDir = path.join(root, 'src/features')
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : []

const apiMayNotImport = ['./src/app', './src/pwa', './src/features', './src/routes']

/** The import-x zones (target may not import from). Tests are held to the same arrows. */
const zones = [
  // A feature never imports another feature (conventions §2), relative paths included.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: move the shared piece down a layer (conventions §2).',
  })),
  {
    target: './src/components/ui',
    from: [
      './src/features',
      './src/app',
      './src/api',
      './src/pwa',
      './src/live',
      './src/stores',
      './src/routes',
    ],
    message: 'UI pieces import nothing app-specific (i18n aside).',
  },
  {
    target: './src/contracts',
    from: './src',
    except: ['./contracts'],
    message: 'src/contracts is shared with the server: it imports only src/contracts.',
  },
  {
    target: './src/contracts',
    from: [
      './node_modules/react',
      './node_modules/react-dom',
      './node_modules/react-router',
      './node_modules/react-router-dom',
      './node_modules/@tanstack/react-query',
      './node_modules/valtio',
    ],
    message: 'src/contracts has no DOM and no React.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contracts'],
    message: 'The server imports only src/contracts from src/.',
  },
  {
    target: './src/api',
    from: apiMayNotImport,
    message: 'src/api sits below app, pwa, routes and features: inject what it needs instead.',
  },
]

// The server's floors (issue #28 point 2): routes, plugins and the live channel wire the app and call
// the domain; the domain holds the rules over db and lib; lib, push and the database's own modules
// import none of the floors above them. The demo seed and the CLI may call the domain. Telephony is
// reached through its provider interface; only server/plugins/telephony.ts builds a provider. Tests,
// which build the whole app, are not held to these arrows.
const wiring = [
  './server/plugins',
  './server/routes',
  './server/jobs',
  './server/app.ts',
  './server/main.ts',
  './server/cli',
]
const belowDomain = ['./server/lib', './server/push', './server/db/!(seed*)', './server/db/schema/**']
const serverZones = [
  {
    target: './server/domain',
    from: wiring,
    message:
      'The domain never imports plugins or routes: take what it needs as a parameter (conventions §2).',
  },
  {
    target: ['./server/domain', ...belowDomain],
    from: './server/live',
    except: ['./bus-topics.ts'],
    message: 'Below the live channel, only its bus interface (server/live/bus-topics.ts) is imported.',
  },
  {
    target: belowDomain,
    from: [...wiring, './server/domain', './server/telephony'],
    message: 'lib, push and db sit below the domain: they import neither the domain nor what wires the app.',
  },
  {
    target: [
      './server/domain',
      './server/routes',
      './server/live',
      ...belowDomain,
      './server/cli',
      './server/db/seed*',
      './server/plugins/!(telephony).ts',
    ],
    from: './server/telephony',
    except: ['./provider.ts'],
    message: 'Telephony is reached through its provider interface (server/telephony/provider.ts).',
  },
  {
    target: './server/telephony',
    from: [...wiring, './server/live', './server/domain'],
    message: 'A telephony provider knows nothing of the domain or of what wires the app.',
  },
]

const noEnums = { selector: 'TSEnumDeclaration', message: 'Use an as-const object.' }

// Issue #28 point 3: a queue's worker is registered from one list (server/jobs/queues.ts) by one plugin.
const jobsWorkedOnce = {
  selector: "CallExpression[callee.property.name='work'][callee.object.property.name='jobs']",
  message: 'Only server/plugins/workers.ts calls app.jobs.work: add a queue module to server/jobs/queues.ts.',
}

// Issue #28 point 4: a route validates, makes one domain call and answers; the domain queries the
// database and refuses (an HttpError it throws). server/routes/dev, the test tools' routes, is exempt.
const thinRouteMessage = 'A route makes domain calls only: queries and refusals live in server/domain.'
const thinRouteSyntax = [
  { selector: 'ThrowStatement', message: thinRouteMessage },
  {
    selector:
      'CallExpression[callee.property.name=/^(code|status)$/] > Literal.arguments[value>=400][value<500]',
    message: thinRouteMessage,
  },
]
const thinRouteImports = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*'], message: thinRouteMessage },
    { group: ['**/db/*', '**/db/**'], message: thinRouteMessage },
    { group: ['**/lib/http-error.ts'], message: thinRouteMessage },
  ],
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'server/db/migrations',
      'bench/*.tmp.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Issue #17: no regular expression may backtrack super-linearly (request data reaches many).
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noEnums],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/plugins/workers.ts'],
    rules: { 'no-restricted-syntax': ['error', noEnums, jobsWorkedOnce] },
  },
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/dev/**', 'server/routes/**/*.test.ts', 'server/routes/**/*-kit.ts'],
    rules: {
      'no-restricted-syntax': ['error', noEnums, jobsWorkedOnce, ...thinRouteSyntax],
      'no-restricted-imports': ['error', thinRouteImports],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        noEnums,
        {
          selector: 'JSXText[value=/[A-Za-zÀ-ÿ]/]',
          message: 'Visible text comes from src/i18n/fr.ts.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/] > Literal[value=/[A-Za-zÀ-ÿ]/]',
          message: 'Visible text comes from src/i18n/fr.ts.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Imports carry their extension ('./x.ts'), as Node's type stripping needs: the node
      // resolver finds those files as written, and packages through their export maps.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          conditionNames: ['import', 'module', 'browser', 'default', 'require'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, ...serverZones] }],
    },
  },
  // src/contracts runs on the server too: no DOM (imports of React are refused by a zone above).
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'location',
          'localStorage',
          'sessionStorage',
          'HTMLElement',
        ].map((name) => ({ name, message: 'src/contracts is shared with the server: no DOM.' })),
      ],
    },
  },
  // Conventions §3.9: small modules. Counted as `wc -l` counts (blank lines and comments
  // included), the measure issue #10's "no source file over 300 lines" uses. Tests, migrations
  // (ignored above) and the benchmark and script tooling are not application source.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/e2e/**'],
    rules: { 'max-lines': ['warn', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
)
