import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { createTestApp } from '../../tests/setup/test-app.ts'
import { createAgent } from '../../tests/setup/agent.ts'
import { insertUser } from '../../tests/factories/users.ts'
import { looksLikeFile } from './static.ts'

const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'))

beforeAll(() => {
  mkdirSync(path.join(clientDir, 'assets'))
  mkdirSync(path.join(clientDir, '.vite'))
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>App</title>' +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  )
  // Vite's manifest of the build (server/lib/shell.ts reads the landing pages' chunks from it).
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js' },
      'src/app/layouts/public-layout.tsx': { file: 'assets/public-layout-1.js', imports: ['index.html'] },
      'src/routes/login.tsx': {
        file: 'assets/login-1.js',
        imports: ['index.html'],
        css: ['assets/login-1.css'],
      },
      'src/app/layouts/main-layout.tsx': { file: 'assets/main-layout-1.js', imports: ['index.html'] },
      'src/routes/home.tsx': { file: 'assets/home-1.js', imports: ['index.html'] },
      'src/routes/not-found.tsx': { file: 'assets/not-found-1.js', imports: ['index.html'] },
      'src/routes/dev/monitor.tsx': { file: 'assets/monitor-1.js', imports: ['index.html', '_dev.js'] },
      'src/routes/dev/uat-settings.tsx': { file: 'assets/uat-settings-1.js', imports: ['_dev.js'] },
      '_dev.js': { file: 'assets/dev-1.js', css: ['assets/dev-1.css'] },
    }),
  )
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200))
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["app.ts"]}')
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"App"}')
})
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true })
})
const t = signedInServer({ config: { clientDir }, resetBeforeEach: false })

describe('built client', () => {
  it('serves the shell for app routes, no-cache, with the document CSP and the XSRF pair', async () => {
    const res = await t.app.inject({ url: '/lead/3f1c2a9e-0000-4000-8000-000000000000' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['XSRF-TOKEN', 'psid']))
  })

  it('names the sign-in page’s chunks for a signed-out visitor and embeds no user', async () => {
    const res = await t.app.inject({ url: '/home' })
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/login-1.css">')
    expect(res.body).not.toContain('main-layout-1.js')
    // The scripts (index.html's entry, the sign-in page's chunk) are preloaded and run by
    // first-paint.js after the painted form shows, not fetched from the head before it.
    expect(res.body).not.toContain('rel="modulepreload"')
    const firstPaint =
      /<script type="module" src="\/first-paint.js" data-entry="([^"]+)" data-preload="([^"]+)">/.exec(
        res.body,
      )
    expect(firstPaint?.[1]).toBe('/assets/index-abc123.js')
    expect(firstPaint?.[2]!.split(' ')).toEqual(
      expect.arrayContaining(['/assets/index-abc123.js', '/assets/login-1.js']),
    )
    expect(res.body).not.toContain('src="/assets/index-abc123.js"')
    const data = /<script id="bootstrap-data" type="application\/json">(.*?)<\/script>/.exec(res.body)
    expect(JSON.parse(data![1]!)).toEqual({
      me: null,
      config: {
        appEnv: 'develop',
        version: t.app.config.version,
        sentryDsn: null,
        sessionIdleMinutes: t.app.config.sessionIdleMs / 60_000,
      },
    })
  })

  it('names the home page’s chunks for a signed-in user and embeds them, never stored', async () => {
    const user = await insertUser(t.database.db, { email: 'shell@test.fr' })
    const agent = createAgent(t.app)
    await agent.login('shell@test.fr')
    const res = await agent.request({ url: '/home' })
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/main-layout-1.js">')
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">')
    expect(res.body).not.toContain('login-1.js')
    const data = /<script id="bootstrap-data" type="application\/json">(.*?)<\/script>/.exec(res.body)
    const embedded = JSON.parse(data![1]!) as { me: { id: number; email: string } }
    // The very answer of GET /api/user/me.
    expect(embedded.me).toEqual((await agent.request({ url: '/api/user/me' })).json())
    expect(embedded.me.id).toBe(user.id)
  })

  it('serves hashed assets immutable and compressed', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('br')
  })

  it('serves sw.js and the manifest no-cache, the manifest with its media type', async () => {
    expect((await t.app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache')
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' })
    expect(manifest.headers['cache-control']).toBe('no-cache')
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/)
  })

  it('answers a missing file with 404, never the shell', async () => {
    const res = await t.app.inject({ url: '/assets/index-gone.js' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
  })

  it('answers unknown /api paths with JSON even for a browser navigation', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })
})

describe('pages that do not exist', () => {
  it('answer the 404 page with status 404, naming its chunks', async () => {
    const res = await t.app.inject({ url: '/this/does/not/exist' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/not-found-1.js">')
    // The 404 page itself is a page.
    expect((await t.app.inject({ url: '/404' })).statusCode).toBe(200)
  })

  it('developer pages open outside production, with their chunks', async () => {
    await insertUser(t.database.db, { email: 'dev-admin@test.fr', role: 'ADMIN' })
    const agent = createAgent(t.app)
    await agent.login('dev-admin@test.fr')
    const res = await agent.request({ url: '/dev/monitor' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/monitor-1.js">')
  })

  it('in production, every developer page answers the 404 page and names nothing of the dev screens (issue #26)', async () => {
    const prod = await createTestApp({
      clientDir,
      appEnv: 'production',
      publicUrl: 'https://appels.example.fr',
    })
    try {
      await insertUser(prod.database.db, { email: 'prod-admin@test.fr', role: 'ADMIN' })
      const admin = createAgent(prod.app)
      await admin.login('prod-admin@test.fr')
      for (const [who, request] of [
        ['an administrator', admin.request],
        ['a signed-out visitor', createAgent(prod.app).request],
      ] as const) {
        for (const url of ['/dev/monitor', '/dev/uat-settings/', '/dev/call-center-activity', '/dev/other']) {
          const res = await request({ url })
          expect(res.statusCode, `${url}, ${who}`).toBe(404)
          expect(res.headers['content-type']).toMatch(/text\/html/)
          expect(res.body, url).toContain(
            '<link rel="modulepreload" crossorigin href="/assets/not-found-1.js">',
          )
          expect(res.body, url).not.toMatch(/monitor-1|uat-settings-1|dev-1/)
        }
      }
      expect((await admin.request({ url: '/home' })).statusCode).toBe(200)
    } finally {
      await prod.close()
    }
  })
})

describe('source maps (issue #17)', () => {
  it('are served outside production (the build writes them for error reports)', async () => {
    expect((await t.app.inject({ url: '/assets/index-abc123.js.map' })).statusCode).toBe(200)
  })

  it('are never served in production: 404, as for a missing file', async () => {
    const prod = await createTestApp({
      clientDir,
      appEnv: 'production',
      publicUrl: 'https://appels.example.fr',
    })
    try {
      const map = await prod.app.inject({ url: '/assets/index-abc123.js.map' })
      expect(map.statusCode).toBe(404)
      expect(map.json().error.code).toBe('NOT_FOUND')
      expect(map.body).not.toContain('sources')
      expect((await prod.app.inject({ url: '/assets/index-abc123.JS.MAP' })).statusCode).toBe(404)
      expect((await prod.app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200)
    } finally {
      await prod.close()
    }
  })
})

describe('looksLikeFile (issue #17: linear, no regular expression)', () => {
  it('says whether the last segment names a file', () => {
    expect(looksLikeFile('/assets/index-abc123.js')).toBe(true)
    expect(looksLikeFile('/a.b.')).toBe(true)
    expect(looksLikeFile('/lead/3f1c2a9e-0000')).toBe(false)
    expect(looksLikeFile('/v1.2/lead')).toBe(false)
    expect(looksLikeFile('/a.')).toBe(false)
    expect(looksLikeFile('/.hidden')).toBe(false)
    expect(looksLikeFile('/')).toBe(false)
  })

  it('answers at once for a 14 KB dotted path (the old pattern backtracked on it)', () => {
    const dotted = '/' + 'a.'.repeat(7_000)
    expect(looksLikeFile(dotted)).toBe(true)
    expect(looksLikeFile(dotted + '/')).toBe(false)
    expect(looksLikeFile('/' + '.'.repeat(14_000))).toBe(true)
  })

  it('a 14 KB dotted path answers 404 JSON, never the shell', async () => {
    const res = await t.app.inject({ url: '/' + 'a.'.repeat(7_000), headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })
})
