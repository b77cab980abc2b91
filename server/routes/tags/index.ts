// The tag catalogue (issue #12 "Tags", docs/domain.md "Tags"): administrators change it; managers
// read it. After a change, agents' pages are told to refetch (live reference data).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema, versionBodySchema } from '../../../src/contracts/concurrency.ts'
import { createTagBodySchema, updateTagBodySchema } from '../../../src/contracts/tag-form.ts'
import { tagListQuerySchema, tagPageSchema, tagSchema } from '../../../src/contracts/tags.ts'
import { createTag, deleteTag, restoreTag, retireTag, updateTag } from '../../domain/tags/changes.ts'
import { getTag, listTags } from '../../domain/tags/reads.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'

export const TAG_READERS = ['ADMIN', 'MANAGER'] as const
export const TAG_WRITERS = ['ADMIN'] as const

const tagDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) })

export default async function tagRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const tagAnswers = { 200: tagSchema, 409: conflictBodySchema(tagSchema), ...commonErrors }
  const changed = (id: number) => publishReferenceDataChanged(app, { kind: 'tag', id })

  app.get(
    '/api/tags',
    {
      config: { access: TAG_READERS },
      schema: {
        tags: ['tags'],
        querystring: tagListQuerySchema,
        response: { 200: tagPageSchema, ...commonErrors },
      },
    },
    async (request) => listTags(db, request.query),
  )

  app.post(
    '/api/tags',
    {
      config: { access: TAG_WRITERS },
      schema: {
        tags: ['tags'],
        body: createTagBodySchema,
        response: { 201: tagSchema, 409: conflictBodySchema(tagSchema), ...commonErrors },
      },
    },
    // A new tag is on no step yet: agents have nothing to refetch.
    async (request, reply) =>
      reply.status(201).send(await createTag(db, request.auth.user!.id, request.body)),
  )

  app.get(
    '/api/tag/:id',
    {
      config: { access: TAG_READERS },
      schema: { tags: ['tags'], params: idParamSchema, response: { 200: tagSchema, ...commonErrors } },
    },
    async (request) => getTag(db, request.params.id),
  )

  app.put(
    '/api/tag/:id',
    {
      config: { access: TAG_WRITERS },
      schema: { tags: ['tags'], params: idParamSchema, body: updateTagBodySchema, response: tagAnswers },
    },
    async (request) => {
      const tag = await updateTag(db, request.auth.user!.id, request.params.id, request.body)
      await changed(tag.id)
      return tag
    },
  )

  for (const [action, change] of [
    ['retire', retireTag],
    ['restore', restoreTag],
  ] as const) {
    app.post(
      `/api/tag/:id/${action}`,
      {
        config: { access: TAG_WRITERS },
        schema: { tags: ['tags'], params: idParamSchema, body: versionBodySchema, response: tagAnswers },
      },
      async (request) => {
        const tag = await change(db, request.auth.user!.id, request.params.id, request.body.version)
        await changed(tag.id)
        return tag
      },
    )
  }

  app.delete(
    '/api/tag/:id',
    {
      config: { access: TAG_WRITERS },
      schema: {
        tags: ['tags'],
        params: idParamSchema,
        body: versionBodySchema,
        response: { 200: tagDeletedSchema, 409: conflictBodySchema(tagSchema), ...commonErrors },
      },
    },
    async (request) => {
      const { id } = request.params
      await deleteTag(db, request.auth.user!.id, id, request.body.version)
      return { id, deleted: true as const }
    },
  )
}
