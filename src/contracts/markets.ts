// Markets (issue #12 "Markets"): a mission's markets, listed per mission on /backoffice/marches and
// on the mission's panel (the bodies are in market-form.ts). Full zod, read by the server.
import { z } from 'zod'
import { idSchema } from './common.ts'
import { safeText } from './safe-text.ts'

export const MARKET_PAGE_SIZE_MAX = 100

const id = z.number().int()

export const marketListQuerySchema = z.object({
  missionId: idSchema.optional(),
  search: safeText().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MARKET_PAGE_SIZE_MAX).default(25),
})
export type MarketListParams = z.output<typeof marketListQuerySchema>
export type MarketListQuery = { missionId?: number; search?: string; page?: number; pageSize?: number }

export const marketSchema = z.object({
  id,
  missionId: id,
  missionName: z.string(),
  name: z.string(),
  postalCodePrefixes: z.array(z.string()),
  version: id,
  leadCount: id,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Market = z.infer<typeof marketSchema>

export const marketPageSchema = z.object({
  items: z.array(marketSchema),
  total: id,
  page: id,
  pageSize: id,
})
export type MarketPage = z.infer<typeof marketPageSchema>

export const marketDeletedSchema = z.object({ id, deleted: z.literal(true) })
