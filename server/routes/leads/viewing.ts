// Who looks at which lead sheet, and freeing a held lead (spec §7 "Authentication and users"):
// POST /api/users/view-lead-page, POST /api/users/quit-lead-page, GET /api/user/{id}/viewing-lead,
// POST /api/users/unassign-lead-from-user. Rules in docs/domain.md "Leads".
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, isNull, or } from 'drizzle-orm'
import { z } from 'zod'
import { commonErrors, idParamSchema, okSchema } from '../../../src/contracts/common.ts'
import {
  quitLeadPageBodySchema,
  viewingLeadSchema,
  viewLeadPageBodySchema,
} from '../../../src/contracts/lead.ts'
import { calls, leads, users } from '../../db/schema.ts'
import { releaseLead } from '../../domain/lead-assignment.ts'
import { findVisibleLead, mayReadLead } from '../../domain/lead-access.ts'
import { canRead, readableUsers } from '../../domain/live-access.ts'
import { errors } from '../../lib/http-error.ts'
import { publishLeadUpdate, setViewingLead, userChanged } from './notify.ts'

const unassignBodySchema = z
  .object({ userId: z.number().int().positive().max(2_147_483_647).optional() })
  .nullish()

export default async function leadViewingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const ok = { 200: okSchema, 409: commonErrors[400], ...commonErrors }

  app.post(
    '/api/users/view-lead-page',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], body: viewLeadPageBodySchema, response: ok },
    },
    async (request) => {
      const row = await findVisibleLead(db, request.auth.user!, request.body.leadId)
      await setViewingLead(app, request.auth.user!.id, row.lead.id)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/users/quit-lead-page',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], body: quitLeadPageBodySchema, response: ok },
    },
    async (request) => {
      await setViewingLead(app, request.auth.user!.id, null, request.body?.leadId)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/user/:id/viewing-lead',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: idParamSchema,
        response: { 200: viewingLeadSchema, ...commonErrors },
      },
    },
    async (request) => {
      const me = request.auth.user!
      // Oneself; a manager, the users of their teams; an administrator, anyone (live-access rule).
      if (!canRead(await readableUsers(db, me), request.params.id))
        throw errors.notFound('Utilisateur introuvable.')
      const [row] = await db
        .select({ viewingLeadId: users.viewingLeadId, uuid: leads.uuid })
        .from(users)
        .leftJoin(leads, eq(leads.id, users.viewingLeadId))
        .where(eq(users.id, request.params.id))
      if (!row) throw errors.notFound('Utilisateur introuvable.')
      // A lead the reader may not see is not named (server/domain/lead-access.ts): no lead, then.
      const lead =
        row.viewingLeadId !== null && row.uuid && (await mayReadLead(db, me, row.viewingLeadId))
          ? { id: row.viewingLeadId, uuid: row.uuid }
          : null
      return { viewingLeadId: lead?.id ?? null, lead }
    },
  )

  app.post(
    '/api/users/unassign-lead-from-user',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], body: unassignBodySchema, response: ok },
    },
    async (request) => {
      const me = request.auth.user!
      const userId = request.body?.userId ?? me.id
      // Oneself; a manager, the users of their teams; an administrator, anyone (live-access rule).
      if (!canRead(await readableUsers(db, me), userId)) throw errors.notFound('Utilisateur introuvable.')
      const freed = await db.transaction(async (tx) => {
        const held = await tx
          .select({ id: leads.id, uuid: leads.uuid })
          .from(leads)
          .where(eq(leads.processingUserId, userId))
          .for('update')
        for (const lead of held) {
          // A call on the lead still running or not tagged keeps it held: its outcome must be recorded.
          const [blocking] = await tx
            .select({ id: calls.id })
            .from(calls)
            .where(
              and(
                eq(calls.userId, userId),
                or(eq(calls.leadId, lead.id), eq(calls.detectedLeadId, lead.id)),
                or(isNull(calls.endedAt), isNull(calls.leadTagId)),
              ),
            )
            .limit(1)
          if (blocking)
            throw errors.conflict(
              'Un appel en cours ou non taggé concerne ce lead : il ne peut pas être libéré.',
            )
          await releaseLead(tx, userId, lead.id, 'unassigned')
        }
        await tx.update(users).set({ processingLeadId: null }).where(eq(users.id, userId))
        return held
      })
      await userChanged(app, userId)
      for (const lead of freed) await publishLeadUpdate(app, lead, 'unassignment', [userId])
      return { ok: true as const }
    },
  )
}
