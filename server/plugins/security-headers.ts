// Security headers. Documents and static files get helmet's full set with a CSP that allows the app,
// its service worker and /ws on the same origin and nothing else (plus Sentry when configured).
// JSON under /api gets the short set OWASP recommends for REST APIs, precomputed once: a CSP that
// forbids everything, no framing, no sniffing (a document CSP on JSON protects nothing).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import type { AppConfig } from '../config.ts'
import { isApiRoute } from './session.ts'

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

  app.addHook('onRequest', (request, reply, done) => {
    if (isApiRoute(request)) {
      reply.headers(apiHeaders)
      done()
      return
    }
    documentHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined))
  })
}

export default fp(securityHeadersPlugin, { name: 'security-headers' })
