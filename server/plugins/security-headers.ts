// Security headers. Documents and static files get helmet's full set with a CSP that allows the app,
// its service worker and /ws on the same origin and nothing else (plus Sentry when configured).
// JSON under /api gets the short set OWASP recommends for REST APIs, precomputed once: a CSP that
// forbids everything, no framing, no sniffing (a document CSP on JSON protects nothing).
import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import type { AppConfig } from '../config.ts'
import { hookList, isApiPattern } from './session.ts'

export function documentCsp(config: AppConfig) {
  const connect = ["'self'"]
  if (config.sentryDsn) connect.push(new URL(config.sentryDsn).origin)
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: connect,
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  }
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const https = app.config.publicUrl?.startsWith('https://') ?? false
  // Built once: @fastify/helmet rebuilds the middleware on every request (measurable in bench/).
  const documentHeaders = helmet({
    contentSecurityPolicy: documentCsp(app.config),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 15552000 } : false,
  })
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  }

  const sendDocumentHeaders: onRequestHookHandler = (request, reply, done) =>
    documentHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined))
  const sendApiHeaders: onRequestHookHandler = (request, reply, done) => {
    reply.headers(apiHeaders)
    done()
  }
  // Chosen once per route, as its first hook, rather than on each request (issue #27). Registered
  // after the session plugin (server/app.ts), whose onRoute puts its own hook first: this one then
  // goes before it, so a 401 or 403 answer carries the headers too. No route: the document set.
  app.addHook('onRoute', (route) => {
    route.onRequest = [
      isApiPattern(route.url) ? sendApiHeaders : sendDocumentHeaders,
      ...hookList(route.onRequest),
    ]
  })
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) sendDocumentHeaders.call(app, request, reply, done)
    else done()
  })
}

export default fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['session'] })
