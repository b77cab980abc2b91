// Serves the built client: hashed assets immutable; index.html, sw.js and the manifest no-cache;
// a missing file is a real 404 (never the shell, see workbox #1528); app routes get the shell.
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/'])

async function staticPlugin(app: FastifyInstance) {
  const root = app.config.clientDir
  const hasClient = root !== undefined && existsSync(path.join(root, 'index.html'))
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: 0,
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
    const looksLikeFile = /\/[^/]+\.[^/]+$/.test(pathname)
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    if (isApi || looksLikeFile || !isRead || !hasClient) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Ressource introuvable.' } })
    }
    // An app route: the shell, with the session resolved so the XSRF cookie is set on the first load.
    await app.sessions.resolve(request, reply)
    app.sessions.setXsrfCookie(request, reply)
    reply.header('cache-control', 'no-cache')
    return reply.sendFile('index.html')
  })
}

export default fp(staticPlugin, { name: 'static', dependencies: ['session'] })
