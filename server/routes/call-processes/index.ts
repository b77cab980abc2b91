// Call processes (issue #12 "Call processes", docs/domain.md "Call processes"): administrators change
// them; managers read them. After a change, agents' pages are told to refetch (live reference data).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema, commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema, versionBodySchema } from '../../../src/contracts/concurrency.ts'
import {
  createCallProcessBodySchema,
  duplicateCallProcessBodySchema,
  updateCallProcessBodySchema,
} from '../../../src/contracts/call-process-form.ts'
import {
  callProcessDetailSchema,
  callProcessListQuerySchema,
  callProcessPageSchema,
  strandedStepsSchema,
} from '../../../src/contracts/call-processes.ts'
import {
  archiveCallProcess,
  createCallProcess,
  duplicateCallProcess,
  restoreCallProcess,
  updateCallProcess,
} from '../../domain/call-processes/changes.ts'
import { getCallProcess, listCallProcesses } from '../../domain/call-processes/reads.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'

export const CALL_PROCESS_READERS = ['ADMIN', 'MANAGER'] as const
export const CALL_PROCESS_WRITERS = ['ADMIN'] as const

const TAGS = ['call-processes']
const conflict = conflictBodySchema(callProcessDetailSchema).extend({
  /** 409 STRANDED_LEADS: per removed step, the leads that need a destination. */
  strandedSteps: strandedStepsSchema.optional(),
})
const answers = { 200: callProcessDetailSchema, 409: conflict, 422: errorBodySchema, ...commonErrors }

export default async function callProcessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const changed = (id: number) => publishReferenceDataChanged(app, { kind: 'callProcess', id })

  app.get(
    '/api/call-processes',
    {
      config: { access: CALL_PROCESS_READERS },
      schema: {
        tags: TAGS,
        querystring: callProcessListQuerySchema,
        response: { 200: callProcessPageSchema, ...commonErrors },
      },
    },
    async (request) => listCallProcesses(db, request.query),
  )

  app.post(
    '/api/call-processes',
    {
      config: { access: CALL_PROCESS_WRITERS },
      schema: {
        tags: TAGS,
        body: createCallProcessBodySchema,
        response: { 201: callProcessDetailSchema, 409: conflict, 422: errorBodySchema, ...commonErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCallProcess(db, request.auth.user!.id, request.body)),
  )

  app.get(
    '/api/call-process/:id',
    {
      config: { access: CALL_PROCESS_READERS },
      schema: {
        tags: TAGS,
        params: idParamSchema,
        response: { 200: callProcessDetailSchema, ...commonErrors },
      },
    },
    async (request) => getCallProcess(db, request.params.id),
  )

  app.put(
    '/api/call-process/:id',
    {
      config: { access: CALL_PROCESS_WRITERS },
      schema: { tags: TAGS, params: idParamSchema, body: updateCallProcessBodySchema, response: answers },
    },
    // 409 STRANDED_LEADS carries its steps beside the error (server/domain/call-processes/steps.ts).
    async (request) => {
      const process = await updateCallProcess(db, request.auth.user!.id, request.params.id, request.body)
      await changed(process.id)
      return process
    },
  )

  app.post(
    '/api/call-process/:id/duplicate',
    {
      config: { access: CALL_PROCESS_WRITERS },
      schema: {
        tags: TAGS,
        params: idParamSchema,
        body: duplicateCallProcessBodySchema,
        response: { 201: callProcessDetailSchema, 409: conflict, ...commonErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await duplicateCallProcess(db, request.auth.user!.id, request.params.id, request.body.name)),
  )

  for (const [action, change] of [
    ['archive', archiveCallProcess],
    ['restore', restoreCallProcess],
  ] as const) {
    app.post(
      `/api/call-process/:id/${action}`,
      {
        config: { access: CALL_PROCESS_WRITERS },
        schema: { tags: TAGS, params: idParamSchema, body: versionBodySchema, response: answers },
      },
      async (request) => {
        const process = await change(db, request.auth.user!.id, request.params.id, request.body.version)
        await changed(process.id)
        return process
      },
    )
  }
}
