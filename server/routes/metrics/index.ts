// Issue #15: GET /api/metrics in the Prometheus text format, in every environment. Who may read it
// is decided by server/domain/access/metrics-access.ts, not by `config.access` (declared 'public' for
// the hook): an administrator's session, or the scraper's bearer token.
import type { FastifyInstance } from 'fastify'
import { assertMayReadMetrics } from '../../domain/access/metrics-access.ts'

export default async function metricsRoutes(app: FastifyInstance) {
  app.get(
    '/api/metrics',
    { config: { access: 'public' }, schema: { tags: ['system'] } },
    async (request, reply) => {
      assertMayReadMetrics(request.headers.authorization, request.auth.user?.role, app.config.metricsToken)
      const { registry } = app.metrics
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store')
      return registry.metrics()
    },
  )
}
