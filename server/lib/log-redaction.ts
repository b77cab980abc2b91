// Request logging without secrets: password-link tokens travel in URLs (/api/user/token/{token},
// /reset-password?token=…) and so do wall screens' display links (/display/{token}, issue #14: the
// token is the screen's session until revoked); none may reach the logs.
import type { FastifyRequest } from 'fastify'

export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/user\/token\/)[^/?#]+/, '$1[redacted]')
    .replace(/^(\/display\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&#]+/g, '$1[redacted]')
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }
}
