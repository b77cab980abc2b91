// `config.idempotent: true` on a route: a request carrying an `Idempotency-Key` header is applied at
// most once per user and key (issue #5: changes queued offline are replayed, possibly twice, e.g.
// after a reload while the first try was in flight). Runs in preHandler, i.e. after the session,
// CSRF and access hook (onRequest) and after validation, so a key is always one user's.
// - same key, same request, done → the stored answer again (header Idempotent-Replayed: true);
// - same key while the first request runs → 409 'Requête déjà en cours.';
// - same key on another route or with another URL/body → 422;
// - a 5xx frees the key (nothing was applied; a retry runs again); keys are purged after 24 h.
// Without the header the route behaves as before.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { errorBodySchema } from '../../src/contracts/common.ts'
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprintOf,
  IDEMPOTENCY_KEY_PATTERN,
  releaseIdempotencyKey,
  type IdempotentRequest,
} from '../lib/idempotency.ts'
import { errors, HttpError } from '../lib/http-error.ts'
import { hookList } from './session.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Honour the `Idempotency-Key` header (issue #5); the route must require a signed-in user. */
    idempotent?: boolean
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The key this request claimed; its answer is recorded in onSend. */
    idempotency: IdempotentRequest | null
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAYED_HEADER = 'idempotent-replayed'

export const idempotencyErrors = {
  invalidKey: () =>
    errors.invalid('En-tête Idempotency-Key invalide (8 à 128 caractères : lettres, chiffres, . _ : -).'),
  inProgress: () => new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Requête déjà en cours.'),
  otherRoute: () =>
    new HttpError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'Cette clé d’idempotence a déjà servi pour une autre action.',
    ),
  otherRequest: () =>
    new HttpError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'Cette clé d’idempotence a déjà servi pour une requête différente.',
    ),
}

function parseBody(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined
  try {
    return JSON.parse(payload) as unknown
  } catch {
    return undefined
  }
}

async function idempotencyPlugin(app: FastifyInstance) {
  const { db } = app.database
  app.decorateRequest('idempotency', null)

  async function claim(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER]
    if (header === undefined) return
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
      throw idempotencyErrors.invalidKey()
    const claim: IdempotentRequest = {
      userId: request.auth.user!.id,
      key: header,
      route: `${request.method} ${request.routeOptions.url}`,
      fingerprint: fingerprintOf(request.method, request.url, request.body),
    }
    const result = await claimIdempotencyKey(db, claim)
    switch (result.kind) {
      case 'claimed':
        request.idempotency = claim
        return
      case 'in-progress':
        throw idempotencyErrors.inProgress()
      case 'other-route':
        throw idempotencyErrors.otherRoute()
      case 'other-request':
        throw idempotencyErrors.otherRequest()
      case 'replay':
        // The stored body as sent the first time (already serialised by the route's schema).
        return reply
          .status(result.statusCode)
          .header(REPLAYED_HEADER, 'true')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(result.body ?? null))
    }
  }

  async function record(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency
    if (!claim) return payload
    request.idempotency = null
    try {
      const body = parseBody(payload)
      if (reply.statusCode >= 500 || body === undefined) await releaseIdempotencyKey(db, claim)
      else await completeIdempotencyKey(db, claim, reply.statusCode, body)
    } catch (error) {
      // The answer still goes out; the claim turns stale and a retry runs the handler again.
      request.log.warn({ err: error }, 'idempotency: answer not recorded')
    }
    return payload
  }

  // Only the idempotent routes carry the two hooks, first of their own (issue #27: the other routes
  // pay nothing for this option, not even a promise per request).
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return
    // A key belongs to a user: a public route has none to file it under.
    if (route.config.access === 'public' || route.config.access === undefined)
      throw new Error(`idempotent route ${route.method} ${route.url} must require a signed-in user`)
    // The OpenAPI document shows the two answers this option adds.
    if (route.schema?.response && typeof route.schema.response === 'object') {
      const response = route.schema.response as Record<number, unknown>
      response[409] ??= errorBodySchema
      response[422] ??= errorBodySchema
    }
    route.preHandler = [claim, ...hookList(route.preHandler)]
    route.onSend = [record, ...hookList(route.onSend)]
  })
  // Keys older than 24 h are purged by the scheduled job `idempotency-housekeeping` (issue #15,
  // server/domain/crons/catalogue.ts).
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['database', 'session'] })
