// Call routes (issue #4 "API", docs/domain.md "Calls"): schemas, access, and one domain call each
// (server/domain/calls/changes.ts). Call state itself comes from the provider's events
// (server/domain/webhooks/processing.ts).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  callLinkLeadParamsSchema,
  callNumberListSchema,
  callRedirectSchema,
  currentCallSchema,
  forceEndBodySchema,
  inboundAnswerBodySchema,
  inboundDeclineBodySchema,
  startOutboundBodySchema,
} from '../../../src/contracts/call.ts'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  answerInbound,
  type CallsContext,
  declineInbound,
  forceEnd,
  linkLead,
  startOutbound,
} from '../../domain/calls/changes.ts'
import { currentCallOf } from '../../domain/calls/current.ts'
import { cachedNumbers } from '../../domain/calls/numbers-cache.ts'

const withConflict = { ...commonErrors, 409: commonErrors[400], 502: commonErrors[400] }

export default async function callRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const ctx: CallsContext = { db, telephony: app.telephony, numbers: cachedNumbers(app.telephony.provider) }

  app.post(
    '/api/call/start-outbound',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: startOutboundBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => startOutbound(ctx, request.auth.user!, request.body),
  )

  app.get(
    '/api/call/aircall-numbers',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['calls'], response: { 200: callNumberListSchema, ...withConflict } },
    },
    async () =>
      (await ctx.numbers()).map((n) => ({
        id: n.id,
        name: n.name ?? null,
        digits: n.digits,
      })),
  )

  app.get(
    '/api/call/ongoing',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['calls'], response: { 200: currentCallSchema, ...commonErrors } },
    },
    async (request) => currentCallOf(db, request.auth.user!.id),
  )

  app.post(
    '/api/call/inbound/answer',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: inboundAnswerBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => answerInbound(ctx, request.auth.user!, request.body),
  )

  app.post(
    '/api/call/inbound/decline',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: inboundDeclineBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => declineInbound(ctx, request.auth.user!, request.body.callId),
  )

  app.post(
    '/api/call/force-end',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: forceEndBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => forceEnd(ctx, request.auth.user!, request.body.callId),
  )

  app.post(
    '/api/call/:callId/link-lead/:leadId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        params: callLinkLeadParamsSchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => linkLead(ctx, request.auth.user!, request.params),
  )
}
