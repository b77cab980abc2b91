// Issue #15: GET /api/metrics in the Prometheus text format, in every environment. Who may read it
// is decided here, not by `config.access`: an administrator's session, or the scraper's bearer token
// (METRICS_TOKEN), which no session-based access level can express. Declared 'public' for the hook;
// signed out → 401, another role → 403, a wrong token → 401 (server/routes/metrics/metrics.test.ts).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errors } from '../../lib/http-error.ts'

function digest(value: string) {
  return createHash('sha256').update(value).digest()
}

/** Constant time whatever the lengths: the digests compared always have 32 bytes. */
function tokenMatches(given: string, expected: string) {
  return timingSafeEqual(digest(given), digest(expected))
}

export default async function metricsRoutes(app: FastifyInstance) {
  function assertMayRead(request: FastifyRequest) {
    const header = request.headers.authorization
    if (header !== undefined) {
      const token = /^Bearer (.+)$/.exec(header)?.[1]
      const expected = app.config.metricsToken
      if (token && expected && tokenMatches(token, expected)) return
      throw errors.unauthenticated()
    }
    const role = request.auth.user?.role
    if (!role) throw errors.unauthenticated()
    if (role !== 'ADMIN') throw errors.forbidden()
  }

  app.get(
    '/api/metrics',
    { config: { access: 'public' }, schema: { tags: ['system'] } },
    async (request, reply) => {
      assertMayRead(request)
      const { registry } = app.metrics
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store')
      return registry.metrics()
    },
  )
}
