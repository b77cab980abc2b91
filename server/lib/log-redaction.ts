// Request logging without secrets or personal data: URLs go through the rule the client's error
// reports use too (src/contracts/url-redaction.ts: password-link and display-link tokens, search
// terms in paths and `search`/`q` parameters; issue #11, issue #26 point 5).
import type { FastifyRequest } from 'fastify'
import { redactUrls } from '../../src/contracts/url-redaction.ts'

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrls(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }
}
