// Display links (issue #14, docs/domain.md "Display links"): the administrators' list, creation (the
// token shown once) and revocation, and POST /api/display-session, where a wall screen exchanges its
// link's token for the display cookie — public, its failures limited per address like a reset link.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, errorBodySchema, idParamSchema } from '../../../src/contracts/common.ts'
import {
  createDisplayLinkBodySchema,
  createdDisplayLinkSchema,
  displayLinkListSchema,
  displayLinkSchema,
  displaySessionBodySchema,
  displaySessionSchema,
} from '../../../src/contracts/display-links.ts'
import {
  createDisplayLink,
  listDisplayLinks,
  revokeDisplayLink,
} from '../../domain/leaderboard/display-links.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { admitAttempt, maxFailures, recordFailure, releaseAttempt } from '../../lib/failure-limits.ts'
import { errors, HttpError } from '../../lib/http-error.ts'

/** Wrong tokens per address (docs/domain.md "Display links"): 10 in 15 minutes, then 429. */
const exchangeRules = (ip: string) => [maxFailures(`display:ip:${addressBucketOf(ip)}`, 10, 15 * 60_000)]

const INVALID_LINK =
  'Ce lien d’affichage est invalide ou a été révoqué. Demandez-en un nouveau à un administrateur.'

export default async function displayLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/display-links',
    {
      config: { access: ['ADMIN'] },
      schema: { tags: ['display-links'], response: { 200: displayLinkListSchema, ...commonErrors } },
    },
    async () => ({ links: await listDisplayLinks(db) }),
  )

  app.post(
    '/api/display-links',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['display-links'],
        body: createDisplayLinkBodySchema,
        response: { 200: createdDisplayLinkSchema, ...commonErrors },
      },
    },
    async (request) => createDisplayLink(db, { name: request.body.name, createdBy: request.auth.user!.id }),
  )

  app.post(
    '/api/display-links/:id/revoke',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['display-links'],
        params: idParamSchema,
        response: { 200: displayLinkSchema, ...commonErrors },
      },
    },
    async (request) =>
      revokeDisplayLink(db, app.bus, { id: request.params.id, revokedBy: request.auth.user!.id }),
  )

  app.post(
    '/api/display-session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['display-links'],
        body: displaySessionBodySchema,
        response: { 200: displaySessionSchema, 429: errorBodySchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const admission = await admitAttempt(db, exchangeRules(request.ip))
      if ('retryAfterMs' in admission) throw errors.tooManyAttempts(admission.retryAfterMs)
      const { ticket } = admission
      try {
        const display = await app.displaySessions.lookup(request.body.token)
        if (!display) {
          await recordFailure(db, ticket)
          throw new HttpError(404, 'DISPLAY_LINK_INVALID', INVALID_LINK)
        }
        app.displaySessions.setCookie(request, reply, request.body.token)
        return { name: display.name }
      } finally {
        await releaseAttempt(db, ticket)
      }
    },
  )
}
