// Who may read GET /api/metrics (issue #15): an administrator's session, or the scraper's bearer token
// (METRICS_TOKEN), which no session-based access level can express. Signed out → 401, another role →
// 403, a wrong token → 401 (server/routes/metrics/metrics.test.ts).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Role } from '../../../src/contracts/roles.ts'
import { errors } from '../../lib/http-error.ts'

function digest(value: string) {
  return createHash('sha256').update(value).digest()
}

/** Constant time whatever the lengths: the digests compared always have 32 bytes. */
function tokenMatches(given: string, expected: string) {
  return timingSafeEqual(digest(given), digest(expected))
}

export function assertMayReadMetrics(
  authorization: string | undefined,
  role: Role | undefined,
  metricsToken: string | undefined,
): void {
  if (authorization !== undefined) {
    const token = /^Bearer (.+)$/.exec(authorization)?.[1]
    if (token && metricsToken && tokenMatches(token, metricsToken)) return
    throw errors.unauthenticated()
  }
  if (!role) throw errors.unauthenticated()
  if (role !== 'ADMIN') throw errors.forbidden()
}
