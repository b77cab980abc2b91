// Serves the built client: hashed assets immutable; index.html, sw.js and the manifest no-cache;
// a missing file is a real 404 (never the shell, see workbox #1528); app routes get the shell.
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { meSchema } from '../../src/contracts/user.ts'
import { publicConfig } from '../lib/public-config.ts'
import { loadShell } from '../lib/shell.ts'
import { messages } from '../lib/messages.ts'

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/'])

/**
 * Whether a path names a file (its last segment has a dot with something on both sides): such a
 * path never gets the shell. A linear scan, not a regular expression: the one it replaces
 * backtracked on long dotted paths (issue #17).
 */
export function looksLikeFile(pathname: string): boolean {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1)
  const dot = name.indexOf('.', 1)
  return dot !== -1 && dot < name.length - 1
}

/** Source maps carry the sources: never served in production (issue #17; built as `hidden`). */
function isSourceMap(pathname: string): boolean {
  return pathname.toLowerCase().endsWith('.map')
}

async function staticPlugin(app: FastifyInstance) {
  const root = app.config.clientDir
  // The built client's shell, or null when there is no build (index.html) to serve.
  const shell = root !== undefined ? loadShell(root, app.config.appEnv) : null
  const config = publicConfig(app.config)
  const production = app.config.appEnv === 'production'
  if (root !== undefined && shell) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: 0,
      // Refused paths go to the not-found handler below (a 404).
      allowedPath: (pathname) => !(production && isSourceMap(pathname)),
      setHeaders(reply, filePath) {
        const rel = '/' + path.relative(root, filePath).split(path.sep).join('/')
        if (rel.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
        else if (NO_CACHE.has(rel)) reply.header('cache-control', 'no-cache')
        else reply.header('cache-control', 'public, max-age=3600')
        if (rel.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isApi = pathname === '/api' || pathname.startsWith('/api/')
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    if (isApi || looksLikeFile(pathname) || !isRead || !shell) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.resourceNotFound } })
    }
    // An app route: the shell, with the session resolved so the XSRF cookie is set on the first load,
    // the page's chunks named and the user and configuration embedded (server/lib/shell.ts). A path
    // that opens no page here (unknown, or a developer page in production) is the 404 page, status 404.
    await app.sessions.resolve(request, reply)
    app.sessions.setXsrfCookie(request, reply)
    const user = request.auth.user
    const me = user ? meSchema.parse(await app.me.get(user)) : null
    // With the user's own data in it, the page is never stored.
    reply.header('cache-control', user ? 'no-store' : 'no-cache')
    reply.type('text/html; charset=utf-8')
    const page = shell.render(pathname, { signedIn: user !== null, bootstrap: { me, config } })
    return reply.status(page.status).send(page.html)
  })
}

export default fp(staticPlugin, { name: 'static', dependencies: ['session'] })
