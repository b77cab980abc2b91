// Missions (issue #12 "Missions", docs/domain.md "Missions and markets"): administrators change
// them; managers read them (they assign their team members to missions); teleoperators get 403.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema, versionBodySchema } from '../../../src/contracts/concurrency.ts'
import { createMissionBodySchema, updateMissionBodySchema } from '../../../src/contracts/mission-form.ts'
import {
  missionDeletedSchema,
  missionListQuerySchema,
  missionPageSchema,
  missionSchema,
} from '../../../src/contracts/missions.ts'
import {
  createMission,
  deleteMission,
  setMissionArchived,
  updateMission,
} from '../../domain/missions/changes.ts'
import { getMission, listMissions } from '../../domain/missions/reads.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'
import bannerRoutes from './banner.ts'

export const MISSION_READERS = ['ADMIN', 'MANAGER'] as const
export const MISSION_WRITERS = ['ADMIN'] as const

export default async function missionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const answers = { 200: missionSchema, 409: conflictBodySchema(missionSchema), ...commonErrors }
  const changed = (id: number) => publishReferenceDataChanged(app, { kind: 'mission', id })

  app.get(
    '/api/missions',
    {
      config: { access: MISSION_READERS },
      schema: {
        tags: ['missions'],
        querystring: missionListQuerySchema,
        response: { 200: missionPageSchema, ...commonErrors },
      },
    },
    async (request) => listMissions(db, request.query),
  )

  app.post(
    '/api/missions',
    {
      config: { access: MISSION_WRITERS },
      schema: {
        tags: ['missions'],
        body: createMissionBodySchema,
        response: { 201: missionSchema, 409: conflictBodySchema(missionSchema), ...commonErrors },
      },
    },
    async (request, reply) => {
      const mission = await createMission(db, request.auth.user!.id, request.body)
      await changed(mission.id)
      return reply.status(201).send(mission)
    },
  )

  app.get(
    '/api/mission/:id',
    {
      config: { access: MISSION_READERS },
      schema: {
        tags: ['missions'],
        params: idParamSchema,
        response: { 200: missionSchema, ...commonErrors },
      },
    },
    async (request) => getMission(db, request.params.id),
  )

  app.put(
    '/api/mission/:id',
    {
      config: { access: MISSION_WRITERS },
      schema: { tags: ['missions'], params: idParamSchema, body: updateMissionBodySchema, response: answers },
    },
    async (request) => {
      const mission = await updateMission(db, request.auth.user!.id, request.params.id, request.body)
      await changed(mission.id)
      return mission
    },
  )

  for (const action of ['archive', 'restore'] as const) {
    app.post(
      `/api/mission/:id/${action}`,
      {
        config: { access: MISSION_WRITERS },
        schema: { tags: ['missions'], params: idParamSchema, body: versionBodySchema, response: answers },
      },
      async (request) => {
        const { id } = request.params
        const mission = await setMissionArchived(
          db,
          request.auth.user!.id,
          id,
          request.body.version,
          action === 'archive',
        )
        await changed(id)
        return mission
      },
    )
  }

  app.delete(
    '/api/mission/:id',
    {
      config: { access: MISSION_WRITERS },
      schema: {
        tags: ['missions'],
        params: idParamSchema,
        body: versionBodySchema,
        response: { 200: missionDeletedSchema, 409: conflictBodySchema(missionSchema), ...commonErrors },
      },
    },
    async (request) => {
      const { id } = request.params
      await deleteMission(db, request.auth.user!.id, id, request.body.version)
      await changed(id)
      return { id, deleted: true as const }
    },
  )

  await app.register(bannerRoutes)
}
