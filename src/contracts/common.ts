// Shapes shared by every API resource (conventions §3.6, §3.7).
import { z } from 'zod'

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  redirect: z.string().optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

export const okSchema = z.object({ ok: z.literal(true), redirect: z.string().optional() })
export type Ok = z.infer<typeof okSchema>

/** PostgreSQL `integer` ids: larger values are invalid input, not a database error. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647)
export const idParamSchema = z.object({ id: idSchema })

/** Error responses every private route may give; documented once in the OpenAPI output. */
export const commonErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const
