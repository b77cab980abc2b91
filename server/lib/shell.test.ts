// The HTML shell: which chunks a landing page names, and data embedded safely.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTE_IDS, routeOf } from '../../src/contracts/routes.ts'
import {
  assetsOf,
  firstPaintModules,
  landingModules,
  loadShell,
  pageOf,
  scriptSafeJson,
  SHELL_MODULES,
  PAGE_MAP_MODULE,
  SIGNED_IN_BOOT_MODULE,
} from './shell.ts'

const MANIFEST = {
  'index.html': { file: 'assets/boot-1.js', imports: ['_runtime.js'], css: ['assets/boot-1.css'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  '_button.js': { file: 'assets/button-1.js', imports: ['index.html'], css: ['assets/button-1.css'] },
  'src/app/layouts/public-layout.tsx': { file: 'assets/public-layout-1.js', imports: ['index.html'] },
  'src/routes/login.tsx': { file: 'assets/login-1.js', imports: ['index.html', '_button.js'] },
  'src/app/layouts/main-layout.tsx': {
    file: 'assets/main-layout-1.js',
    imports: ['index.html', '_button.js'],
    css: ['assets/main-layout-1.css'],
  },
  'src/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_button.js'] },
}
const IN_INDEX = new Set(['/assets/boot-1.js', '/assets/runtime-1.js', '/assets/boot-1.css'])

describe('landing modules', () => {
  it('are the sign-in page for a signed-out visitor of any private page', () => {
    const login = ['src/app/layouts/public-layout.tsx', 'src/routes/login.tsx']
    expect(landingModules('/login', false, 'develop')).toEqual(login)
    expect(landingModules('/home', false, 'develop')).toEqual(login)
    expect(landingModules('/backoffice/missions', false, 'develop')).toEqual(login)
    expect(landingModules('/forgot-password', false, 'develop')).toEqual([
      'src/app/layouts/public-layout.tsx',
      'src/routes/forgot-password.tsx',
    ])
  })

  it('are the main layout and the view for a signed-in user', () => {
    expect(landingModules('/home', true, 'develop')).toEqual([
      'src/app/layouts/main-layout.tsx',
      'src/routes/home.tsx',
    ])
    expect(landingModules('/', true, 'develop')).toEqual([
      'src/app/layouts/main-layout.tsx',
      'src/routes/home.tsx',
    ])
    expect(landingModules('/lead/0f8fad5b-d9cb-469f-a165-70867728950e', true, 'develop')).toEqual([
      'src/app/layouts/main-layout.tsx',
      'src/routes/lead/lead-sheet.tsx',
    ])
    expect(landingModules('/utilisateurs', true, 'develop')).toEqual([
      'src/app/layouts/main-layout.tsx',
      'src/routes/utilisateurs.tsx',
    ])
    expect(landingModules('/activity/leaderboard/', true, 'develop')).toEqual([
      'src/app/layouts/fullscreen-layout.tsx',
      'src/routes/activity/leaderboard.tsx',
    ])
  })

  it('are the /404 page for an unknown path, signed in or not (the router sends it there)', () => {
    const notFound = ['src/app/layouts/public-layout.tsx', 'src/routes/not-found.tsx']
    expect(landingModules('/this/does/not/exist', true, 'develop')).toEqual(notFound)
    expect(landingModules('/lead/', false, 'develop')).toEqual(notFound)
    expect(landingModules('/lead/a/b', true, 'develop')).toEqual(notFound)
  })

  it('are the /404 page for a developer page in production, signed in or not (issue #26)', () => {
    const notFound = ['src/app/layouts/public-layout.tsx', 'src/routes/not-found.tsx']
    const devPages = ROUTE_IDS.map((id) => routeOf(id).path).filter((page) => page.startsWith('/dev/'))
    expect(devPages.length).toBeGreaterThan(0)
    for (const page of devPages) {
      expect(pageOf(page, 'production'), page).toBeNull()
      expect(landingModules(page, true, 'production'), page).toEqual(notFound)
      expect(landingModules(`${page}/`, false, 'production'), page).toEqual(notFound)
      expect(pageOf(page, 'uat'), page).not.toBeNull()
    }
    expect(landingModules('/dev/monitor', true, 'develop')).toEqual([
      'src/app/layouts/main-layout.tsx',
      'src/routes/dev/monitor.tsx',
    ])
    expect(pageOf('/home', 'production')).toBe('home')
  })

  it('name source files that exist (a renamed view must be renamed here too)', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    for (const module of SHELL_MODULES) expect(existsSync(path.join(root, module)), module).toBe(true)
  })
})

describe('first paint modules', () => {
  it('add the offline layer for a signed-in visitor only (issue #27: never on the first visit of /login)', () => {
    expect(firstPaintModules('/home', true, 'develop')).toEqual([
      SIGNED_IN_BOOT_MODULE,
      PAGE_MAP_MODULE,
      ...landingModules('/home', true, 'develop'),
    ])
    expect(firstPaintModules('/login', false, 'develop')).toEqual(landingModules('/login', false, 'develop'))
    expect(firstPaintModules('/home', false, 'develop')).toEqual(landingModules('/login', false, 'develop'))
    // Signed in on a public page (a reset link): the offline layer, not the other pages' map.
    expect(firstPaintModules('/reset-password', true, 'develop')).toEqual([
      SIGNED_IN_BOOT_MODULE,
      ...landingModules('/reset-password', true, 'develop'),
    ])
  })

  it("add the other pages' map for the wall display, which has no user", () => {
    expect(firstPaintModules('/display/abc', false, 'develop')).toEqual([
      PAGE_MAP_MODULE,
      ...landingModules('/display/abc', false, 'develop'),
    ])
  })
})

describe('assets of a page', () => {
  it('are its chunks with their static imports and stylesheets, minus what index.html links', () => {
    expect(assetsOf(MANIFEST, landingModules('/home', true, 'develop'), IN_INDEX)).toEqual({
      scripts: ['/assets/button-1.js', '/assets/main-layout-1.js', '/assets/home-1.js'],
      styles: ['/assets/button-1.css', '/assets/main-layout-1.css'],
    })
    expect(assetsOf(MANIFEST, landingModules('/login', false, 'develop'), IN_INDEX)).toEqual({
      scripts: ['/assets/public-layout-1.js', '/assets/button-1.js', '/assets/login-1.js'],
      styles: ['/assets/button-1.css'],
    })
  })

  it('are nothing for a module the build does not have', () => {
    expect(assetsOf({}, ['src/routes/home.tsx'], IN_INDEX)).toEqual({ scripts: [], styles: [] })
  })
})

describe('embedded JSON', () => {
  it('cannot close its script element', () => {
    const json = scriptSafeJson({ name: '</script><script>alert(1)</script>', line: '\u2028' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', line: '\u2028' })
  })
})

describe('first paint of the sign-in form (issue #27 point 4)', () => {
  const INDEX =
    '<!doctype html><html><head><title>Centre d’appels</title><script type="module" crossorigin src="/assets/boot-1.js"></script></head><body><div id="root"></div></body></html>'
  const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? null

  it('is in the HTML for a signed-out visitor sent to /login, and nowhere else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shell-'))
    try {
      writeFileSync(path.join(dir, 'index.html'), INDEX)
      const shell = loadShell(dir, 'develop')!
      const painted = (pathname: string, signedIn: boolean) =>
        rootOf(shell.render(pathname, { signedIn, bootstrap: null }).html)
      for (const pathname of ['/login', '/home', '/backoffice/missions']) {
        const root = painted(pathname, false)
        expect(root, pathname).toContain('data-first-paint="login"')
        expect(root, pathname).toContain('Adresse e-mail')
      }
      // The scripts are fetched once the paint is shown: public/first-paint.js preloads them and
      // imports the entry; nothing in the head fetches them before.
      const head = shell.render('/login', { signedIn: false, bootstrap: null }).html
      const firstPaint =
        /<script type="module" src="\/first-paint.js" data-entry="([^"]+)" data-preload="([^"]+)">/.exec(head)
      expect(firstPaint?.[1]).toBe('/assets/boot-1.js')
      expect(firstPaint?.[2]!.split(' ')).toEqual(expect.arrayContaining(['/assets/boot-1.js']))
      expect(head).not.toContain('rel="modulepreload"')
      expect(head).not.toContain('<script type="module" crossorigin src=')
      expect(shell.render('/login', { signedIn: true, bootstrap: null }).html).toContain(
        '<script type="module" crossorigin src="/assets/boot-1.js"></script>',
      )
      expect(painted('/login', true)).not.toContain('data-first-paint')
      expect(painted('/home', true)).toBe('')
      expect(painted('/forgot-password', false)).toBe('')
      expect(painted('/no-such-page', false)).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
