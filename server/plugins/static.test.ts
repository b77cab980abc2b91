import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts'

const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'))
let t: TestApp

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>')
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200))
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"App"}')
  t = await createTestApp({ clientDir })
})
afterAll(async () => {
  await t.close()
  rmSync(clientDir, { recursive: true, force: true })
})

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
