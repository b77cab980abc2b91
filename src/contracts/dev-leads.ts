// POST /api/dev/leads (non-production only): sample leads in a market, so a centre set up from an
// empty database can be tried before lead import exists (issue #13), and the end-to-end tests can
// give a new mission leads through the API.
import { z } from 'zod'
import { idSchema } from './common.ts'

export const DEV_LEADS_MAX = 100

export const devLeadsBodySchema = z.object({
  marketId: idSchema,
  count: z.number().int().min(1).max(DEV_LEADS_MAX),
})
export type DevLeadsBody = z.infer<typeof devLeadsBodySchema>

export const devLeadsResponseSchema = z.object({
  created: z.number().int(),
  leadIds: z.array(z.number().int()),
})
