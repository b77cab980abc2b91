// Display links (issue #14, docs/domain.md "Display links"): the list, creation (the token shown once)
// and revocation, by administrators and by managers for their teams (issue #31), and POST /api/display-session, where a wall screen exchanges its
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
  displayLinkTeams,
  exchangeDisplayToken,
  listDisplayLinks,
  revokeDisplayLink,
} from '../../domain/leaderboard/display-links.ts'

export default async function displayLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/display-links',
    {
      config: { access: ['ADMIN', 'MANAGER'] },
      schema: { tags: ['display-links'], response: { 200: displayLinkListSchema, ...commonErrors } },
    },
    async (request) => {
      const viewer = request.auth.user!
      const [links, teams] = await Promise.all([listDisplayLinks(db, viewer), displayLinkTeams(db, viewer)])
      return { links, teams, centreWide: viewer.role === 'ADMIN' }
    },
  )

  app.post(
    '/api/display-links',
    {
      config: { access: ['ADMIN', 'MANAGER'] },
      schema: {
        tags: ['display-links'],
        body: createDisplayLinkBodySchema,
        response: { 200: createdDisplayLinkSchema, ...commonErrors },
      },
    },
    async (request) =>
      createDisplayLink(db, request.auth.user!, {
        name: request.body.name,
        teamId: request.body.teamId ?? null,
      }),
  )

  app.post(
    '/api/display-links/:id/revoke',
    {
      config: { access: ['ADMIN', 'MANAGER'] },
      schema: {
        tags: ['display-links'],
        params: idParamSchema,
        response: { 200: displayLinkSchema, ...commonErrors },
      },
    },
    async (request) => revokeDisplayLink(db, app.bus, request.auth.user!, request.params.id),
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
      const { token } = request.body
      const display = await exchangeDisplayToken(db, app.displaySessions.lookup, token, request.ip)
      app.displaySessions.setCookie(request, reply, token)
      return { name: display.name }
    },
  )
}
